// The entry node type (SpTextNode): AtkText over the node's single-line text, and
// AtkEditableText, which turns every edit into one SET_TEXT request carrying the
// whole new text (the app owns the text; the next snapshot shows the result).

#include "bridge_private.h"

#include <string.h>

typedef struct {
    SpNode parent_instance;
} SpTextNode;
typedef struct {
    SpNodeClass parent_class;
} SpTextNodeClass;

// MARK: - Text nodes: AtkText

static void text_text_init(AtkTextIface *iface);
static void text_editable_init(AtkEditableTextIface *iface);

G_DEFINE_TYPE_WITH_CODE(SpTextNode, sp_text_node, SP_TYPE_NODE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_text_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, text_editable_init))

static void sp_text_node_class_init(SpTextNodeClass *klass G_GNUC_UNUSED) {}
static void sp_text_node_init(SpTextNode *self G_GNUC_UNUSED) {}

const char *sp_node_text(SpNode *node) {
    return node->text ? node->text : "";
}

static gint clamp_offset(SpNode *node, gint offset) {
    return CLAMP(offset, 0, node->n_chars);
}

// The characters [start, end) of the node's text (character offsets, clamped).
static gchar *text_slice(SpNode *node, gint start, gint end) {
    start = clamp_offset(node, start);
    end = clamp_offset(node, end);
    if (end <= start) return g_strdup("");
    const char *text = sp_node_text(node);
    const char *a = g_utf8_offset_to_pointer(text, start);
    const char *b = g_utf8_offset_to_pointer(a, end - start);
    return g_strndup(a, (gsize)(b - a));
}

// A word runs from its first non-space character up to the next word's start
// (trailing spaces included), as ATK_TEXT_GRANULARITY_WORD defines it.
static void word_segment(SpNode *node, gint offset, gint *start, gint *end) {
    glong n = 0;
    gunichar *u = g_utf8_to_ucs4_fast(sp_node_text(node), -1, &n);
#define IS_WORD_START(p) (!g_unichar_isspace(u[p]) && ((p) == 0 || g_unichar_isspace(u[(p) - 1])))
    gint s = offset;
    while (s > 0 && !IS_WORD_START(s)) s--;
    gint e = offset + 1;
    while (e < n && !IS_WORD_START(e)) e++;
#undef IS_WORD_START
    g_free(u);
    *start = s;
    *end = e;
}

// The segment around `offset`. CHAR is exact, WORD splits at spaces, and the text
// is one line, so LINE, SENTENCE and PARAGRAPH are the whole text.
static void text_segment(SpNode *node, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    gint n = node->n_chars;
    offset = clamp_offset(node, offset);
    switch (granularity) {
    case ATK_TEXT_GRANULARITY_CHAR:
        *start = offset;
        *end = offset < n ? offset + 1 : n;
        break;
    case ATK_TEXT_GRANULARITY_WORD:
        if (n == 0) {
            *start = *end = 0;
        } else {
            word_segment(node, offset < n ? offset : n - 1, start, end);
        }
        break;
    default:
        *start = 0;
        *end = n;
        break;
    }
}

static AtkTextGranularity boundary_granularity(AtkTextBoundary boundary) {
    switch (boundary) {
    case ATK_TEXT_BOUNDARY_CHAR: return ATK_TEXT_GRANULARITY_CHAR;
    case ATK_TEXT_BOUNDARY_WORD_START:
    case ATK_TEXT_BOUNDARY_WORD_END: return ATK_TEXT_GRANULARITY_WORD;
    case ATK_TEXT_BOUNDARY_SENTENCE_START:
    case ATK_TEXT_BOUNDARY_SENTENCE_END: return ATK_TEXT_GRANULARITY_SENTENCE;
    default: return ATK_TEXT_GRANULARITY_LINE;
    }
}

static gchar *segment_string(SpNode *node, gint start, gint end, gint *start_out, gint *end_out) {
    if (start_out) *start_out = start;
    if (end_out) *end_out = end;
    return text_slice(node, start, end);
}

static gchar *text_get_text(AtkText *t, gint start, gint end) {
    SpNode *node = SP_NODE(t);
    if (end < 0) end = node->n_chars;
    return text_slice(node, start, end);
}

static gint text_get_character_count(AtkText *t) {
    return SP_NODE(t)->n_chars;
}

static gint text_get_caret_offset(AtkText *t) {
    return SP_NODE(t)->caret;
}

static gboolean text_set_caret_offset(AtkText *t G_GNUC_UNUSED, gint offset G_GNUC_UNUSED) {
    return FALSE;
}

static gunichar text_get_character_at_offset(AtkText *t, gint offset) {
    SpNode *node = SP_NODE(t);
    if (offset < 0 || offset >= node->n_chars) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(sp_node_text(node), offset));
}

static gchar *text_get_string_at_offset(AtkText *t, gint offset, AtkTextGranularity granularity, gint *start,
                                        gint *end) {
    SpNode *node = SP_NODE(t);
    gint s, e;
    text_segment(node, offset, granularity, &s, &e);
    return segment_string(node, s, e, start, end);
}

static gchar *text_get_text_at_offset(AtkText *t, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return text_get_string_at_offset(t, offset, boundary_granularity(boundary), start, end);
}

static gchar *text_get_text_before_offset(AtkText *t, gint offset, AtkTextBoundary boundary, gint *start,
                                          gint *end) {
    SpNode *node = SP_NODE(t);
    AtkTextGranularity g = boundary_granularity(boundary);
    gint s, e;
    text_segment(node, offset, g, &s, &e);
    if (s > 0)
        text_segment(node, s - 1, g, &s, &e);
    else
        s = e = 0;
    return segment_string(node, s, e, start, end);
}

static gchar *text_get_text_after_offset(AtkText *t, gint offset, AtkTextBoundary boundary, gint *start,
                                         gint *end) {
    SpNode *node = SP_NODE(t);
    AtkTextGranularity g = boundary_granularity(boundary);
    gint s, e;
    text_segment(node, offset, g, &s, &e);
    if (e < node->n_chars)
        text_segment(node, e, g, &s, &e);
    else
        s = e = node->n_chars;
    return segment_string(node, s, e, start, end);
}

// Approximation: the entry does not report glyph positions, so its width is spread
// evenly over its characters (and an empty entry's caret box is zero wide).
static void text_get_character_extents(AtkText *t, gint offset, gint *x, gint *y, gint *w, gint *h,
                                       AtkCoordType coords) {
    SpNode *node = SP_NODE(t);
    gint n = node->n_chars;
    offset = clamp_offset(node, offset);
    gint x0 = node->x, cw = 0;
    if (n > 0) {
        x0 = node->x + (gint)((gint64)node->width * offset / n);
        gint x1 = node->x + (gint)((gint64)node->width * MIN(offset + 1, n) / n);
        cw = x1 - x0;
    }
    sp_convert_rect(node, x0, node->y, cw, node->height, x, y, w, h, coords);
}

static gint text_get_offset_at_point(AtkText *t, gint x, gint y, AtkCoordType coords) {
    SpNode *node = SP_NODE(t);
    gint ox, oy;
    sp_convert_rect(node, node->x, node->y, node->width, node->height, &ox, &oy, NULL, NULL, coords);
    if (node->defunct || x < ox || y < oy || x >= ox + node->width || y >= oy + node->height) return -1;
    if (node->n_chars == 0 || node->width <= 0) return 0;
    return (gint)((gint64)(x - ox) * node->n_chars / node->width);
}

static gint text_get_n_selections(AtkText *t G_GNUC_UNUSED) {
    return 0;
}

static gchar *text_get_selection(AtkText *t G_GNUC_UNUSED, gint i G_GNUC_UNUSED, gint *start, gint *end) {
    if (start) *start = 0;
    if (end) *end = 0;
    return NULL;
}

static void text_text_init(AtkTextIface *iface) {
    iface->get_text = text_get_text;
    iface->get_text_after_offset = text_get_text_after_offset;
    iface->get_text_at_offset = text_get_text_at_offset;
    iface->get_text_before_offset = text_get_text_before_offset;
    iface->get_string_at_offset = text_get_string_at_offset;
    iface->get_character_at_offset = text_get_character_at_offset;
    iface->get_caret_offset = text_get_caret_offset;
    iface->set_caret_offset = text_set_caret_offset;
    iface->get_character_extents = text_get_character_extents;
    iface->get_character_count = text_get_character_count;
    iface->get_offset_at_point = text_get_offset_at_point;
    iface->get_n_selections = text_get_n_selections;
    iface->get_selection = text_get_selection;
}

// MARK: - Text nodes: AtkEditableText (every edit becomes SET_TEXT with the whole text)

/// `string`'s first `length` bytes (-1: all) cut to SP_A11Y_LONGEST_TEXT bytes at a
/// character boundary, as a new string (g_free it), or NULL when they are not UTF-8.
/// Only the kept bytes are looked at: a million characters cost what 4 KB do.
static gchar *sp_kept_text(const gchar *string, gssize length) {
    gsize size = 0;
    while ((length < 0 || (gssize)size < length) && size <= SP_A11Y_LONGEST_TEXT && string[size] != '\0') size++;
    if (size > SP_A11Y_LONGEST_TEXT) {
        size = SP_A11Y_LONGEST_TEXT;
        while (size > 0 && ((guchar)string[size] & 0xC0) == 0x80) size--;
    }
    const gchar *end = NULL;
    if (!g_utf8_validate(string, (gssize)size, &end)) return NULL;
    return g_strndup(string, size);
}

static void editable_set_text_contents(AtkEditableText *t, const gchar *string) {
    SpNode *node = SP_NODE(t);
    if (!string) string = "";
    gchar *kept = sp_kept_text(string, -1);
    if (!kept) return;
    sp_request(node, SP_REQUEST_SET_TEXT, kept, 0);
    g_free(kept);
}

static void editable_insert_text(AtkEditableText *t, const gchar *string, gint length, gint *position) {
    SpNode *node = SP_NODE(t);
    if (!string || node->defunct) return;
    gchar *kept = sp_kept_text(string, length);
    if (!kept) return;
    string = kept;
    length = (gint)strlen(kept);
    gint pos = clamp_offset(node, position ? *position : node->caret);
    const char *text = sp_node_text(node);
    const char *cut = g_utf8_offset_to_pointer(text, pos);
    GString *whole = g_string_new_len(text, cut - text);
    g_string_append_len(whole, string, length);
    g_string_append(whole, cut);
    sp_request(node, SP_REQUEST_SET_TEXT, whole->str, 0);
    g_string_free(whole, TRUE);
    if (position) *position = pos + (gint)g_utf8_strlen(string, length);
    g_free(kept);
}

static void editable_delete_text(AtkEditableText *t, gint start, gint end) {
    SpNode *node = SP_NODE(t);
    if (node->defunct) return;
    if (end < 0 || end > node->n_chars) end = node->n_chars;
    start = clamp_offset(node, start);
    if (start >= end) return;
    const char *text = sp_node_text(node);
    const char *a = g_utf8_offset_to_pointer(text, start);
    const char *b = g_utf8_offset_to_pointer(a, end - start);
    GString *whole = g_string_new_len(text, a - text);
    g_string_append(whole, b);
    sp_request(node, SP_REQUEST_SET_TEXT, whole->str, 0);
    g_string_free(whole, TRUE);
}

static void text_editable_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = editable_set_text_contents;
    iface->insert_text = editable_insert_text;
    iface->delete_text = editable_delete_text;
    // copy_text, cut_text, paste_text: not supported (NULL does nothing).
}
