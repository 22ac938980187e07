// Snapshot copying (app thread): sp_a11y_publish's arrays become one block of
// memory (header, nodes, then every string) that the bridge thread can own and free
// with one g_free, with each string made valid UTF-8 on the way in.

#include "bridge_private.h"

#include <string.h>

// D-Bus (libdbus) aborts the process on invalid UTF-8, so every copied string is
// made valid in place: each byte that does not start a valid sequence becomes '?'.
void sp_sanitize_utf8(char *s) {
    const gchar *end;
    while (!g_utf8_validate(s, -1, &end)) {
        *(char *)end = '?';
        s = (char *)end + 1;
    }
}

static gsize string_size(const char *s) {
    return s ? strlen(s) + 1 : 0;
}

static const char *string_put(char **cursor, const char *s) {
    if (!s) return NULL;
    gsize n = strlen(s) + 1;
    char *copy = *cursor;
    memcpy(copy, s, n);
    sp_sanitize_utf8(copy);
    *cursor += n;
    return copy;
}

Snapshot *sp_snapshot_copy(const sp_a11y_node *nodes, gint32 count, const char *window_name, gint32 wx,
                           gint32 wy, gint32 ww, gint32 wh, gint32 wactive) {
    if (!nodes || count < 0) count = 0;
    gsize header = (sizeof(Snapshot) + 15) & ~(gsize)15;
    gsize node_bytes = sizeof(sp_a11y_node) * (gsize)count;
    gsize strings = string_size(window_name);
    for (gint32 i = 0; i < count; i++) {
        strings += string_size(nodes[i].name) + string_size(nodes[i].description) + string_size(nodes[i].action) +
                   string_size(nodes[i].text);
    }
    char *block = g_malloc(header + node_bytes + strings);
    Snapshot *s = (Snapshot *)(void *)block;
    s->nodes = (sp_a11y_node *)(void *)(block + header);
    s->count = count;
    char *cursor = block + header + node_bytes;
    s->window_name = string_put(&cursor, window_name);
    s->window_x = wx;
    s->window_y = wy;
    s->window_width = ww;
    s->window_height = wh;
    s->window_active = wactive != 0;
    for (gint32 i = 0; i < count; i++) {
        sp_a11y_node *d = &s->nodes[i];
        *d = nodes[i];
        d->name = string_put(&cursor, nodes[i].name);
        d->description = string_put(&cursor, nodes[i].description);
        d->action = string_put(&cursor, nodes[i].action);
        d->text = string_put(&cursor, nodes[i].text);
    }
    return s;
}
