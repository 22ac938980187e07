// Applying a snapshot (bridge thread): the diff of a published tree against the
// live objects. It creates, reuses and retires nodes, rebuilds the child lists, and
// emits only what changed: children-changed, defunct, field, bounds, state, text,
// caret and value events, with focus gains last.

#include "bridge_private.h"

#include <string.h>

// MARK: - Applying a snapshot (bridge thread)

static gint node_kind(const sp_a11y_node *n) {
    if (n->role == SP_ROLE_ENTRY) return KIND_TEXT;
    if (n->has_value) return KIND_VALUE;
    return KIND_PLAIN;
}

static gint clamp_caret(const SpNode *node, gint32 caret) {
    return CLAMP(caret, 0, node->n_chars);
}

static void set_text_field(SpNode *node, const char *text) {
    g_free(node->text);
    node->text = g_strdup(text ? text : "");
    node->n_chars = (gint)g_utf8_strlen(node->text, -1);
}

// A new node, filled in without any signal (it is announced by children-changed).
static SpNode *node_new(const sp_a11y_node *n, gint kind) {
    GType type = kind == KIND_TEXT ? SP_TYPE_TEXT_NODE : kind == KIND_VALUE ? SP_TYPE_VALUE_NODE : SP_TYPE_NODE;
    SpNode *node = g_object_new(type, NULL);
    AtkObject *a = ATK_OBJECT(node);
    node->id = n->id;
    node->kind = kind;
    node->role = n->role;
    node->states = n->states;
    a->role = sp_map_role(n->role);
    a->name = g_strdup(n->name ? n->name : "");
    a->description = g_strdup(n->description ? n->description : "");
    node->action = g_strdup(n->action);
    node->x = n->x;
    node->y = n->y;
    node->width = n->width;
    node->height = n->height;
    if (kind == KIND_TEXT) {
        set_text_field(node, n->text);
        node->caret = clamp_caret(node, n->caret);
    }
    node->value = n->value;
    node->minimum = n->minimum;
    node->maximum = n->maximum;
    node->step = n->step;
    return node;
}

static void emit_bounds(AtkObject *o, gint x, gint y, gint w, gint h) {
    AtkRectangle rect = {x, y, w, h};
    g_signal_emit_by_name(o, "bounds-changed", &rect);
}

// The text changed: only the differing middle (after the common prefix, before the
// common suffix) is reported, as a remove (old text still in place) and an insert.
static void node_update_text(SpNode *node, const char *new_text) {
    const char *old_text = sp_node_text(node);
    const char *a = old_text, *b = new_text;
    gint prefix = 0;
    while (*a && *b && g_utf8_get_char(a) == g_utf8_get_char(b)) {
        a = g_utf8_next_char(a);
        b = g_utf8_next_char(b);
        prefix++;
    }
    const char *a_end = old_text + strlen(old_text), *b_end = new_text + strlen(new_text);
    while (a_end > a && b_end > b) {
        const char *pa = g_utf8_prev_char(a_end), *pb = g_utf8_prev_char(b_end);
        if (g_utf8_get_char(pa) != g_utf8_get_char(pb)) break;
        a_end = pa;
        b_end = pb;
    }
    gint removed_chars = (gint)g_utf8_strlen(a, a_end - a);
    gint inserted_chars = (gint)g_utf8_strlen(b, b_end - b);
    gchar *inserted = g_strndup(b, (gsize)(b_end - b));
    if (removed_chars > 0) {
        gchar *removed = g_strndup(a, (gsize)(a_end - a));
        g_signal_emit_by_name(node, "text-remove", prefix, removed_chars, removed);
        g_free(removed);
    }
    set_text_field(node, new_text);
    if (inserted_chars > 0) g_signal_emit_by_name(node, "text-insert", prefix, inserted_chars, inserted);
    g_free(inserted);
}

// A surviving node: compare each field, store, and signal only what differs.
static void node_update(SpNode *node, const sp_a11y_node *n, GPtrArray *focus_gains) {
    AtkObject *a = ATK_OBJECT(node);
    const char *name = n->name ? n->name : "";
    const char *description = n->description ? n->description : "";
    guint64 old_mask = sp_state_mask(node->kind, node->states);

    if (g_strcmp0(a->name, name) != 0) atk_object_set_name(a, name);
    if (g_strcmp0(a->description, description) != 0) atk_object_set_description(a, description);
    if (node->role != n->role) {
        node->role = n->role;
        atk_object_set_role(a, sp_map_role(n->role));
    }
    if (g_strcmp0(node->action, n->action) != 0) { // no ATK signal for an action's name
        g_free(node->action);
        node->action = g_strdup(n->action);
    }
    if (node->x != n->x || node->y != n->y || node->width != n->width || node->height != n->height) {
        node->x = n->x;
        node->y = n->y;
        node->width = n->width;
        node->height = n->height;
        emit_bounds(a, n->x, n->y, n->width, n->height);
    }
    if (node->kind == KIND_TEXT) {
        const char *text = n->text ? n->text : "";
        if (strcmp(sp_node_text(node), text) != 0) node_update_text(node, text);
        gint caret = clamp_caret(node, n->caret);
        if (caret != node->caret) {
            node->caret = caret;
            g_signal_emit_by_name(node, "text-caret-moved", caret);
        }
    }
    if (node->kind == KIND_VALUE) {
        node->minimum = n->minimum;
        node->maximum = n->maximum;
        node->step = n->step;
        if (memcmp(&node->value, &n->value, sizeof(double)) != 0) {
            node->value = n->value;
            gchar *text = g_strdup_printf("%g", n->value);
            g_signal_emit_by_name(node, "value-changed", n->value, text);
            g_free(text);
            g_object_notify(G_OBJECT(node), "accessible-value");
        }
    }
    node->states = n->states;
    guint64 new_mask = sp_state_mask(node->kind, node->states);
    guint64 changed = old_mask ^ new_mask;
    for (gint s = 0; changed && s < ATK_STATE_LAST_DEFINED; s++) {
        if (!(changed & STATE_BIT(s))) continue;
        changed &= ~STATE_BIT(s);
        gboolean on = (new_mask & STATE_BIT(s)) != 0;
        if (s == ATK_STATE_FOCUSED && on)
            g_ptr_array_add(focus_gains, node); // after every loss, at the end
        else
            atk_object_notify_state_change(a, (AtkState)s, on);
    }
}

static void window_update(SpWindow *win, const Snapshot *s) {
    AtkObject *a = ATK_OBJECT(win);
    const char *name = s->window_name ? s->window_name : "";
    if (g_strcmp0(a->name, name) != 0) atk_object_set_name(a, name);
    if (win->x != s->window_x || win->y != s->window_y || win->width != s->window_width ||
        win->height != s->window_height) {
        win->x = s->window_x;
        win->y = s->window_y;
        win->width = s->window_width;
        win->height = s->window_height;
        emit_bounds(a, win->x, win->y, win->width, win->height);
    }
    if (win->active != s->window_active) {
        win->active = s->window_active;
        g_signal_emit_by_name(win, win->active ? "activate" : "deactivate");
        atk_object_notify_state_change(a, ATK_STATE_ACTIVE, win->active);
    }
}

static void kids_append_next(Kids *k, gpointer child) {
    if (!k->next) k->next = g_ptr_array_new();
    g_ptr_array_add(k->next, child);
}

// Makes the built list current; the old one stays in `next` for the events.
static void kids_swap(AtkObject *parent) {
    Kids *k = sp_kids_slot(parent);
    GPtrArray *old = k->cur;
    k->cur = k->next;
    k->next = old;
    GPtrArray *cur = k->cur;
    for (guint i = 0; cur && i < cur->len; i++) {
        SpNode *child = g_ptr_array_index(cur, i);
        child->parent_obj = parent;
        child->index = (gint)i;
    }
}

static gboolean kids_same(Kids *k) {
    guint n = k->cur ? k->cur->len : 0, m = k->next ? k->next->len : 0;
    if (n != m) return FALSE;
    return n == 0 || memcmp(k->cur->pdata, k->next->pdata, n * sizeof(gpointer)) == 0;
}

// Children-changed for a surviving parent, emitted so that a client applying them in
// order to the old list gets the new one. First the children that left (removed,
// moved elsewhere, or replaced because their kind changed), from the end.
static void kids_emit_removes(AtkObject *parent, guint generation) {
    Kids *k = sp_kids_slot(parent);
    if (kids_same(k) || !k->next) return;
    for (guint i = k->next->len; i-- > 0;) {
        SpNode *child = g_ptr_array_index(k->next, i);
        if (child->seen == generation && child->parent_obj == parent) continue;
        g_signal_emit_by_name(parent, "children-changed::remove", i, child);
        g_ptr_array_remove_index(k->next, i);
    }
}

// Then the ones that joined, in order; a child that only moved within this parent is
// removed from its old place and added at its new one.
static void kids_emit_adds(AtkObject *parent) {
    Kids *k = sp_kids_slot(parent);
    if (!k->cur || kids_same(k)) return;
    if (!k->next) k->next = g_ptr_array_new();
    GPtrArray *work = k->next;
    for (guint i = 0; i < k->cur->len; i++) {
        SpNode *child = g_ptr_array_index(k->cur, i);
        if (i < work->len && g_ptr_array_index(work, i) == child) continue;
        if (child->old_parent == parent) {
            for (guint j = i + 1; j < work->len; j++) {
                if (g_ptr_array_index(work, j) != child) continue;
                g_signal_emit_by_name(parent, "children-changed::remove", j, child);
                g_ptr_array_remove_index(work, j);
                break;
            }
        }
        g_signal_emit_by_name(parent, "children-changed::add", i, child);
        g_ptr_array_insert(work, (gint)i, child);
    }
}

typedef struct {
    SpNode *obj;
    gint parent; // index into the snapshot, -1 for the window
    gboolean is_new;
    gboolean skip; // id 0 or a duplicate id
} Item;

void sp_apply(Snapshot *s) {
    SpWindow *win = sp_bridge.window;
    AtkObject *win_obj = ATK_OBJECT(win);
    guint generation = ++sp_bridge.generation;
    gint n = s->count;
    Item *items = g_new0(Item, n > 0 ? n : 1);
    GPtrArray *removed = g_ptr_array_new();
    GPtrArray *focus_gains = g_ptr_array_new();

    window_update(win, s);

    // Resolve parents and objects. Only an earlier node can be a parent (the header
    // promises parents first), which also rules out cycles.
    g_hash_table_remove_all(sp_bridge.scratch);
    for (gint i = 0; i < n; i++) {
        sp_a11y_node *d = &s->nodes[i];
        Item *it = &items[i];
        if (d->id == 0 || g_hash_table_contains(sp_bridge.scratch, &d->id)) {
            it->skip = TRUE;
            continue;
        }
        it->parent = -1;
        if (d->parent != 0 && d->parent != d->id) {
            gpointer found = g_hash_table_lookup(sp_bridge.scratch, &d->parent);
            if (found) it->parent = GPOINTER_TO_INT(found) - 1;
        }
        g_hash_table_insert(sp_bridge.scratch, &d->id, GINT_TO_POINTER(i + 1));
        gint kind = node_kind(d);
        SpNode *old = g_hash_table_lookup(sp_bridge.nodes, &d->id);
        if (old && old->kind == kind) {
            it->obj = old;
            old->old_parent = old->parent_obj;
        } else {
            it->obj = node_new(d, kind);
            it->is_new = TRUE;
            it->obj->old_parent = NULL;
        }
        it->obj->seen = generation;
    }

    // Everything not seen is gone (a node whose kind changed is gone too: a new
    // object with its id replaces it). The table's reference moves to `removed`.
    GHashTableIter iter;
    gpointer value;
    g_hash_table_iter_init(&iter, sp_bridge.nodes);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        SpNode *node = value;
        if (node->seen == generation) continue;
        g_ptr_array_add(removed, node);
        g_hash_table_iter_steal(&iter);
    }
    for (gint i = 0; i < n; i++)
        if (!items[i].skip && items[i].is_new) g_hash_table_insert(sp_bridge.nodes, &items[i].obj->id, items[i].obj);

    // The new tree: build every parent's list, then make them current.
    for (gint i = 0; i < n; i++) {
        if (items[i].skip) continue;
        AtkObject *p = items[i].parent < 0 ? win_obj : ATK_OBJECT(items[items[i].parent].obj);
        kids_append_next(sp_kids_slot(p), items[i].obj);
    }
    kids_swap(win_obj);
    for (gint i = 0; i < n; i++)
        if (!items[i].skip) kids_swap(ATK_OBJECT(items[i].obj));

    // Structure events, for parents that were there before; a new subtree is
    // announced once, by the add of its top. Every remove first; then the adds from
    // the leaves up (reverse snapshot order, the window last), so that when a
    // client fetches a newly added subtree, the changes inside it were already sent.
    kids_emit_removes(win_obj, generation);
    for (gint i = 0; i < n; i++)
        if (!items[i].skip && !items[i].is_new) kids_emit_removes(ATK_OBJECT(items[i].obj), generation);
    for (gint i = n - 1; i >= 0; i--)
        if (!items[i].skip && !items[i].is_new) kids_emit_adds(ATK_OBJECT(items[i].obj));
    kids_emit_adds(win_obj);
    if (win->kids.next) g_ptr_array_set_size(win->kids.next, 0);
    for (gint i = 0; i < n; i++)
        if (!items[i].skip && items[i].obj->kids.next) g_ptr_array_set_size(items[i].obj->kids.next, 0);

    // The gone ones turn defunct (atk-bridge drops them on that state change).
    for (guint i = 0; i < removed->len; i++) {
        SpNode *node = g_ptr_array_index(removed, i);
        node->defunct = TRUE;
        node->parent_obj = NULL;
        sp_kids_clear(&node->kids);
        atk_object_notify_state_change(ATK_OBJECT(node), ATK_STATE_DEFUNCT, TRUE);
    }

    // Field changes of the ones that stayed, then what new ones announce.
    for (gint i = 0; i < n; i++)
        if (!items[i].skip && !items[i].is_new) node_update(items[i].obj, &s->nodes[i], focus_gains);
    for (gint i = 0; i < n; i++) {
        if (items[i].skip || !items[i].is_new) continue;
        SpNode *node = items[i].obj;
        if (node->role == SP_ROLE_NOTIFICATION || node->role == SP_ROLE_ALERT)
            atk_object_notify_state_change(ATK_OBJECT(node), ATK_STATE_SHOWING, TRUE);
        if (node->states & SP_STATE_FOCUSED) g_ptr_array_add(focus_gains, node);
    }
    for (guint i = 0; i < focus_gains->len; i++)
        atk_object_notify_state_change(ATK_OBJECT(g_ptr_array_index(focus_gains, i)), ATK_STATE_FOCUSED, TRUE);

    g_ptr_array_free(focus_gains, TRUE);
    for (guint i = 0; i < removed->len; i++) g_object_unref(g_ptr_array_index(removed, i));
    g_ptr_array_free(removed, TRUE);
    g_free(items);
}
