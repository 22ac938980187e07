// The AT-SPI bridge behind AccessibilityBridge.h: ATK objects for the app's
// immediate-mode widgets, exported by atk-bridge.
//
// Threads. One GLib thread of our own ("sp-a11y") runs the DEFAULT GMainContext,
// which is the context atk-bridge (libatspi) hooks its D-Bus connection into and
// the context GDBus delivers our org.a11y.Status proxy's callbacks to. Every ATK
// object is created, changed, queried and signalled on that thread only. The app's
// thread touches three things: the snapshot handoff (`handoff_lock`), the listening flag
// (an atomic int), and, in sp_a11y_start/stop, the thread itself.
//
// A publish copies the whole tree into one block of memory and, once the bridge is
// registered, schedules one idle on the default context; publishes that arrive
// before that idle has run just replace the pending snapshot (coalescing). The idle
// diffs the snapshot against the live objects and emits only what changed.

#include "AccessibilityBridge.h"

#include <atk/atk.h>
#include <atk-bridge.h>
#include <gio/gio.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// MARK: - Debug log (only with STRESSPUNCH_A11Y_DEBUG set)

static gboolean sp_debug_enabled;

static void sp_debug(const char *format, ...) G_GNUC_PRINTF(1, 2);
static void sp_debug(const char *format, ...) {
    if (!sp_debug_enabled) return;
    va_list args;
    va_start(args, format);
    fputs("stresspunch-a11y: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

// MARK: - Snapshot (one allocation: header, nodes, strings)

typedef struct {
    sp_a11y_node *nodes;
    gint32 count;
    const char *window_name;
    gint32 window_x, window_y, window_width, window_height;
    gboolean window_active;
} Snapshot;

// D-Bus (libdbus) aborts the process on invalid UTF-8, so every copied string is
// made valid in place: each byte that does not start a valid sequence becomes '?'.
static void sanitize_utf8(char *s) {
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
    sanitize_utf8(copy);
    *cursor += n;
    return copy;
}

static Snapshot *snapshot_copy(const sp_a11y_node *nodes, gint32 count, const char *window_name, gint32 wx,
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

// MARK: - Object types

enum { KIND_PLAIN = 0, KIND_TEXT = 1, KIND_VALUE = 2 };

// A parent's ordered children (borrowed pointers; B.nodes owns the nodes), plus a
// spare array the diff builds the next frame's list in.
typedef struct {
    GPtrArray *cur;
    GPtrArray *next;
} Kids;

typedef struct {
    AtkObject parent_instance;
} SpApp;
typedef struct {
    AtkObjectClass parent_class;
} SpAppClass;

typedef struct {
    AtkObject parent_instance;
    Kids kids;
    gint x, y, width, height; // screen
    gboolean active;
} SpWindow;
typedef struct {
    AtkObjectClass parent_class;
} SpWindowClass;

typedef struct {
    AtkObject parent_instance;
    guint64 id; // the key of B.nodes points here
    gint kind;
    gboolean defunct;
    guint seen; // B.generation of the last snapshot that had it
    AtkObject *parent_obj; // the window or an SpNode; borrowed
    AtkObject *old_parent; // during a diff: the parent before it (NULL when new)
    gint index;
    Kids kids;
    // The published data (name and description live in AtkObject).
    gint32 role;
    guint32 states;
    gchar *action;
    gint x, y, width, height; // window coordinates
    gchar *text;              // KIND_TEXT: never NULL
    gint n_chars;
    gint caret;
    gdouble value, minimum, maximum, step; // KIND_VALUE
} SpNode;
typedef struct {
    AtkObjectClass parent_class;
} SpNodeClass;

typedef struct {
    SpNode parent_instance;
} SpTextNode;
typedef struct {
    SpNodeClass parent_class;
} SpTextNodeClass;

typedef struct {
    SpNode parent_instance;
} SpValueNode;
typedef struct {
    SpNodeClass parent_class;
} SpValueNodeClass;

// Declared static first so G_DEFINE_TYPE's get_type functions are not exported.
static GType sp_app_get_type(void);
static GType sp_window_get_type(void);
static GType sp_node_get_type(void);
static GType sp_text_node_get_type(void);
static GType sp_value_node_get_type(void);

#define SP_TYPE_APP (sp_app_get_type())
#define SP_TYPE_WINDOW (sp_window_get_type())
#define SP_TYPE_NODE (sp_node_get_type())
#define SP_TYPE_TEXT_NODE (sp_text_node_get_type())
#define SP_TYPE_VALUE_NODE (sp_value_node_get_type())
#define SP_WINDOW(o) (G_TYPE_CHECK_INSTANCE_CAST((o), SP_TYPE_WINDOW, SpWindow))
#define SP_NODE(o) (G_TYPE_CHECK_INSTANCE_CAST((o), SP_TYPE_NODE, SpNode))
#define SP_IS_WINDOW(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), SP_TYPE_WINDOW))
#define SP_IS_NODE(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), SP_TYPE_NODE))

// MARK: - Global state

// The snapshot handoff's lock: a pthread mutex rather than a GMutex, because GLib's
// GMutex is a futex inside uninstrumented libglib that ThreadSanitizer cannot see,
// so a TSan build would report the handoff itself as a race.
static pthread_mutex_t handoff_lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
    // Guarded by `handoff_lock` (both threads).
    Snapshot *pending;
    gboolean registered; // atk-bridge is up: publishes schedule an apply
    GSource *idle;       // the scheduled apply, if any
    gboolean stopping;

    gint listening; // atomic

    // Written by sp_a11y_start before the thread exists, read-only afterwards.
    GThread *thread;
    GMainLoop *loop;
    GCancellable *cancel;
    gchar *app_name;
    sp_a11y_request_fn on_request;
    sp_a11y_listening_fn on_listening;
    void *context;

    // The bridge thread's own.
    GDBusProxy *proxy;
    gulong proxy_handler;
    gboolean bridge_tried;
    gboolean bridge_up;
    AtkUtilClass *util;
    SpApp *app;
    SpWindow *window;
    GHashTable *nodes;   // guint64 * -> SpNode * (owns a reference)
    GHashTable *scratch; // during a diff: snapshot id -> index + 1
    guint generation;
} B;

static void request(SpNode *node, gint32 kind, const char *text, double value) {
    if (node->defunct || !B.on_request) return;
    B.on_request(B.context, node->id, kind, text, value);
}

static Kids *kids_slot(AtkObject *o) {
    return SP_IS_WINDOW(o) ? &SP_WINDOW(o)->kids : &SP_NODE(o)->kids;
}

static void kids_clear(Kids *k) {
    if (k->cur) g_ptr_array_unref(k->cur);
    if (k->next) g_ptr_array_unref(k->next);
    k->cur = k->next = NULL;
}

static gint kids_count(GPtrArray *a) {
    return a ? (gint)a->len : 0;
}

static AtkObject *kids_ref(GPtrArray *a, gint i) {
    if (!a || i < 0 || (guint)i >= a->len) return NULL;
    return g_object_ref(g_ptr_array_index(a, i));
}

// MARK: - Application object

G_DEFINE_TYPE(SpApp, sp_app, ATK_TYPE_OBJECT)

static gint app_get_n_children(AtkObject *o G_GNUC_UNUSED) {
    return B.window ? 1 : 0;
}

static AtkObject *app_ref_child(AtkObject *o G_GNUC_UNUSED, gint i) {
    return (i == 0 && B.window) ? g_object_ref(ATK_OBJECT(B.window)) : NULL;
}

static AtkObject *app_get_parent(AtkObject *o G_GNUC_UNUSED) {
    return NULL;
}

static gint app_get_index_in_parent(AtkObject *o G_GNUC_UNUSED) {
    return -1;
}

static void sp_app_class_init(SpAppClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = app_get_n_children;
    atk->ref_child = app_ref_child;
    atk->get_parent = app_get_parent;
    atk->get_index_in_parent = app_get_index_in_parent;
}

static void sp_app_init(SpApp *self G_GNUC_UNUSED) {}

// MARK: - Window object

static void window_component_init(AtkComponentIface *iface);
static void window_window_init(AtkWindowIface *iface);

G_DEFINE_TYPE_WITH_CODE(SpWindow, sp_window, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, window_component_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, window_window_init))

static gint window_get_n_children(AtkObject *o) {
    return kids_count(SP_WINDOW(o)->kids.cur);
}

static AtkObject *window_ref_child(AtkObject *o, gint i) {
    return kids_ref(SP_WINDOW(o)->kids.cur, i);
}

static AtkObject *window_get_parent(AtkObject *o G_GNUC_UNUSED) {
    return B.app ? ATK_OBJECT(B.app) : NULL;
}

static gint window_get_index_in_parent(AtkObject *o G_GNUC_UNUSED) {
    return 0;
}

static AtkStateSet *window_ref_state_set(AtkObject *o) {
    static const AtkStateType always[] = {ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE,
                                          ATK_STATE_SHOWING, ATK_STATE_RESIZABLE};
    AtkStateSet *set = atk_state_set_new();
    atk_state_set_add_states(set, (AtkStateType *)always, G_N_ELEMENTS(always));
    if (SP_WINDOW(o)->active) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
    return set;
}

static void window_finalize(GObject *object) {
    kids_clear(&SP_WINDOW(object)->kids);
    G_OBJECT_CLASS(sp_window_parent_class)->finalize(object);
}

static void sp_window_class_init(SpWindowClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = window_get_n_children;
    atk->ref_child = window_ref_child;
    atk->get_parent = window_get_parent;
    atk->get_index_in_parent = window_get_index_in_parent;
    atk->ref_state_set = window_ref_state_set;
    G_OBJECT_CLASS(klass)->finalize = window_finalize;
}

static void sp_window_init(SpWindow *self G_GNUC_UNUSED) {}

static void set_rect(gint *x, gint *y, gint *w, gint *h, gint vx, gint vy, gint vw, gint vh) {
    if (x) *x = vx;
    if (y) *y = vy;
    if (w) *w = vw;
    if (h) *h = vh;
}

static void window_get_extents(AtkComponent *c, gint *x, gint *y, gint *w, gint *h, AtkCoordType coords) {
    SpWindow *win = SP_WINDOW(c);
    if (coords == ATK_XY_WINDOW)
        set_rect(x, y, w, h, 0, 0, win->width, win->height);
    else // SCREEN, and PARENT: a top-level's parent is the desktop
        set_rect(x, y, w, h, win->x, win->y, win->width, win->height);
}

static AtkLayer window_get_layer(AtkComponent *c G_GNUC_UNUSED) {
    return ATK_LAYER_WINDOW;
}

static void window_component_init(AtkComponentIface *iface) {
    iface->get_extents = window_get_extents;
    iface->get_layer = window_get_layer;
}

static void window_window_init(AtkWindowIface *iface G_GNUC_UNUSED) {}

// MARK: - Node objects: AtkObject

static AtkRole map_role(gint32 role) {
    switch (role) {
    case SP_ROLE_PUSH_BUTTON: return ATK_ROLE_PUSH_BUTTON;
    case SP_ROLE_TOGGLE_BUTTON: return ATK_ROLE_TOGGLE_BUTTON;
    case SP_ROLE_CHECK_BOX: return ATK_ROLE_CHECK_BOX;
    case SP_ROLE_SLIDER: return ATK_ROLE_SLIDER;
    case SP_ROLE_SPIN_BUTTON: return ATK_ROLE_SPIN_BUTTON;
    case SP_ROLE_ENTRY: return ATK_ROLE_ENTRY;
    case SP_ROLE_LIST: return ATK_ROLE_LIST;
    case SP_ROLE_LIST_ITEM: return ATK_ROLE_LIST_ITEM;
    case SP_ROLE_PAGE_TAB: return ATK_ROLE_PAGE_TAB;
    case SP_ROLE_HEADING: return ATK_ROLE_HEADING;
    case SP_ROLE_LABEL: return ATK_ROLE_LABEL;
    case SP_ROLE_DIALOG: return ATK_ROLE_DIALOG;
    case SP_ROLE_ALERT: return ATK_ROLE_ALERT;
    case SP_ROLE_IMAGE: return ATK_ROLE_IMAGE;
    case SP_ROLE_NOTIFICATION: return ATK_ROLE_NOTIFICATION;
    case SP_ROLE_PANEL: return ATK_ROLE_PANEL;
    case SP_ROLE_PAGE_TAB_LIST: return ATK_ROLE_PAGE_TAB_LIST;
    default: return ATK_ROLE_UNKNOWN;
    }
}

#define STATE_BIT(s) ((guint64)1 << (s))

// The ATK states of a live node, as bits indexed by AtkStateType (all < 64).
static guint64 atk_state_mask(gint kind, guint32 states) {
    static const struct {
        guint32 sp;
        AtkStateType atk;
    } map[] = {
        {SP_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE}, {SP_STATE_FOCUSED, ATK_STATE_FOCUSED},
        {SP_STATE_SELECTED, ATK_STATE_SELECTED},   {SP_STATE_SELECTABLE, ATK_STATE_SELECTABLE},
        {SP_STATE_CHECKED, ATK_STATE_CHECKED},     {SP_STATE_CHECKABLE, ATK_STATE_CHECKABLE},
        {SP_STATE_MODAL, ATK_STATE_MODAL},         {SP_STATE_EDITABLE, ATK_STATE_EDITABLE},
        {SP_STATE_ENABLED, ATK_STATE_ENABLED},     {SP_STATE_ENABLED, ATK_STATE_SENSITIVE},
    };
    G_STATIC_ASSERT(ATK_STATE_LAST_DEFINED <= 64);
    guint64 mask = STATE_BIT(ATK_STATE_VISIBLE) | STATE_BIT(ATK_STATE_SHOWING);
    for (gsize i = 0; i < G_N_ELEMENTS(map); i++)
        if (states & map[i].sp) mask |= STATE_BIT(map[i].atk);
    if (kind == KIND_TEXT) mask |= STATE_BIT(ATK_STATE_SINGLE_LINE);
    return mask;
}

static void node_component_init(AtkComponentIface *iface);
static void node_action_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(SpNode, sp_node, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, node_component_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, node_action_init))

static gint node_get_n_children(AtkObject *o) {
    return kids_count(SP_NODE(o)->kids.cur);
}

static AtkObject *node_ref_child(AtkObject *o, gint i) {
    return kids_ref(SP_NODE(o)->kids.cur, i);
}

static AtkObject *node_get_parent(AtkObject *o) {
    SpNode *node = SP_NODE(o);
    return node->defunct ? NULL : node->parent_obj;
}

static gint node_get_index_in_parent(AtkObject *o) {
    SpNode *node = SP_NODE(o);
    return node->defunct ? -1 : node->index;
}

static AtkStateSet *node_ref_state_set(AtkObject *o) {
    SpNode *node = SP_NODE(o);
    AtkStateSet *set = atk_state_set_new();
    if (node->defunct) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    guint64 mask = atk_state_mask(node->kind, node->states);
    for (gint s = 0; s < ATK_STATE_LAST_DEFINED; s++)
        if (mask & STATE_BIT(s)) atk_state_set_add_state(set, (AtkStateType)s);
    return set;
}

static void node_finalize(GObject *object) {
    SpNode *node = SP_NODE(object);
    kids_clear(&node->kids);
    g_free(node->action);
    g_free(node->text);
    G_OBJECT_CLASS(sp_node_parent_class)->finalize(object);
}

// MARK: - Node objects: AtkComponent

static void sp_node_class_init(SpNodeClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = node_get_n_children;
    atk->ref_child = node_ref_child;
    atk->get_parent = node_get_parent;
    atk->get_index_in_parent = node_get_index_in_parent;
    atk->ref_state_set = node_ref_state_set;
    G_OBJECT_CLASS(klass)->finalize = node_finalize;
}

static void sp_node_init(SpNode *self) {
    self->index = -1;
}

// A rectangle in window coordinates, converted to `coords`.
static void convert_rect(SpNode *node, gint rx, gint ry, gint rw, gint rh, gint *x, gint *y, gint *w, gint *h,
                         AtkCoordType coords) {
    if (node->defunct) {
        set_rect(x, y, w, h, -1, -1, -1, -1);
        return;
    }
    if (coords == ATK_XY_WINDOW) {
        // as is
    } else if (coords == ATK_XY_PARENT) {
        if (node->parent_obj && SP_IS_NODE(node->parent_obj)) {
            rx -= SP_NODE(node->parent_obj)->x;
            ry -= SP_NODE(node->parent_obj)->y;
        } // the window's origin is window (0, 0)
    } else if (B.window) { // ATK_XY_SCREEN
        rx += B.window->x;
        ry += B.window->y;
    }
    set_rect(x, y, w, h, rx, ry, rw, rh);
}

static void node_get_extents(AtkComponent *c, gint *x, gint *y, gint *w, gint *h, AtkCoordType coords) {
    SpNode *node = SP_NODE(c);
    convert_rect(node, node->x, node->y, node->width, node->height, x, y, w, h, coords);
}

static gboolean node_grab_focus(AtkComponent *c) {
    SpNode *node = SP_NODE(c);
    if (node->defunct) return FALSE;
    request(node, SP_REQUEST_FOCUS, NULL, 0);
    return TRUE;
}

static AtkLayer node_get_layer(AtkComponent *c) {
    gint32 role = SP_NODE(c)->role;
    if (role == SP_ROLE_DIALOG || role == SP_ROLE_ALERT || role == SP_ROLE_NOTIFICATION) return ATK_LAYER_POPUP;
    return ATK_LAYER_WIDGET;
}

static void node_component_init(AtkComponentIface *iface) {
    iface->get_extents = node_get_extents;
    iface->grab_focus = node_grab_focus;
    iface->get_layer = node_get_layer;
}

// MARK: - Node objects: AtkAction

static gint action_get_n_actions(AtkAction *a) {
    SpNode *node = SP_NODE(a);
    return (node->action && !node->defunct) ? 1 : 0;
}

static gboolean action_do_action(AtkAction *a, gint i) {
    SpNode *node = SP_NODE(a);
    if (i != 0 || !node->action || node->defunct) return FALSE;
    request(node, SP_REQUEST_PRESS, NULL, 0);
    return TRUE;
}

static const gchar *action_get_name(AtkAction *a, gint i) {
    SpNode *node = SP_NODE(a);
    return i == 0 ? node->action : NULL;
}

static const gchar *action_get_description(AtkAction *a, gint i) {
    SpNode *node = SP_NODE(a);
    if (i != 0 || !node->action) return NULL;
    switch (node->role) {
    case SP_ROLE_PUSH_BUTTON: return "Activates the button";
    case SP_ROLE_TOGGLE_BUTTON: return "Toggles the button";
    case SP_ROLE_CHECK_BOX: return "Toggles the check box";
    case SP_ROLE_LIST_ITEM: return "Selects the item";
    case SP_ROLE_PAGE_TAB: return "Switches to the tab";
    default: return "Performs the action";
    }
}

static void node_action_init(AtkActionIface *iface) {
    iface->do_action = action_do_action;
    iface->get_n_actions = action_get_n_actions;
    iface->get_name = action_get_name;
    iface->get_localized_name = action_get_name;
    iface->get_description = action_get_description;
}

// MARK: - Text nodes: AtkText

static void text_text_init(AtkTextIface *iface);
static void text_editable_init(AtkEditableTextIface *iface);

G_DEFINE_TYPE_WITH_CODE(SpTextNode, sp_text_node, SP_TYPE_NODE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_text_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, text_editable_init))

static void sp_text_node_class_init(SpTextNodeClass *klass G_GNUC_UNUSED) {}
static void sp_text_node_init(SpTextNode *self G_GNUC_UNUSED) {}

static const char *node_text(SpNode *node) {
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
    const char *text = node_text(node);
    const char *a = g_utf8_offset_to_pointer(text, start);
    const char *b = g_utf8_offset_to_pointer(a, end - start);
    return g_strndup(a, (gsize)(b - a));
}

// A word runs from its first non-space character up to the next word's start
// (trailing spaces included), as ATK_TEXT_GRANULARITY_WORD defines it.
static void word_segment(SpNode *node, gint offset, gint *start, gint *end) {
    glong n = 0;
    gunichar *u = g_utf8_to_ucs4_fast(node_text(node), -1, &n);
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
    return g_utf8_get_char(g_utf8_offset_to_pointer(node_text(node), offset));
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
    convert_rect(node, x0, node->y, cw, node->height, x, y, w, h, coords);
}

static gint text_get_offset_at_point(AtkText *t, gint x, gint y, AtkCoordType coords) {
    SpNode *node = SP_NODE(t);
    gint ox, oy;
    convert_rect(node, node->x, node->y, node->width, node->height, &ox, &oy, NULL, NULL, coords);
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

static void editable_set_text_contents(AtkEditableText *t, const gchar *string) {
    SpNode *node = SP_NODE(t);
    if (!string) string = "";
    if (!g_utf8_validate(string, -1, NULL)) return;
    request(node, SP_REQUEST_SET_TEXT, string, 0);
}

static void editable_insert_text(AtkEditableText *t, const gchar *string, gint length, gint *position) {
    SpNode *node = SP_NODE(t);
    if (!string || node->defunct) return;
    if (length < 0) length = (gint)strlen(string);
    if (!g_utf8_validate(string, length, NULL)) return;
    gint pos = clamp_offset(node, position ? *position : node->caret);
    const char *text = node_text(node);
    const char *cut = g_utf8_offset_to_pointer(text, pos);
    GString *whole = g_string_new_len(text, cut - text);
    g_string_append_len(whole, string, length);
    g_string_append(whole, cut);
    request(node, SP_REQUEST_SET_TEXT, whole->str, 0);
    g_string_free(whole, TRUE);
    if (position) *position = pos + (gint)g_utf8_strlen(string, length);
}

static void editable_delete_text(AtkEditableText *t, gint start, gint end) {
    SpNode *node = SP_NODE(t);
    if (node->defunct) return;
    if (end < 0 || end > node->n_chars) end = node->n_chars;
    start = clamp_offset(node, start);
    if (start >= end) return;
    const char *text = node_text(node);
    const char *a = g_utf8_offset_to_pointer(text, start);
    const char *b = g_utf8_offset_to_pointer(a, end - start);
    GString *whole = g_string_new_len(text, a - text);
    g_string_append(whole, b);
    request(node, SP_REQUEST_SET_TEXT, whole->str, 0);
    g_string_free(whole, TRUE);
}

static void text_editable_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = editable_set_text_contents;
    iface->insert_text = editable_insert_text;
    iface->delete_text = editable_delete_text;
    // copy_text, cut_text, paste_text: not supported (NULL does nothing).
}

// MARK: - Value nodes: AtkValue

static void value_value_init(AtkValueIface *iface);

G_DEFINE_TYPE_WITH_CODE(SpValueNode, sp_value_node, SP_TYPE_NODE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, value_value_init))

static void sp_value_node_class_init(SpValueNodeClass *klass G_GNUC_UNUSED) {}
static void sp_value_node_init(SpValueNode *self G_GNUC_UNUSED) {}

// ATK's convention (as GTK does it): the caller's GValue is uninitialised.
static void put_double(GValue *out, gdouble v) {
    memset(out, 0, sizeof(*out));
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, v);
}

static void value_get_current(AtkValue *v, GValue *out) {
    put_double(out, SP_NODE(v)->value);
}
static void value_get_minimum(AtkValue *v, GValue *out) {
    put_double(out, SP_NODE(v)->minimum);
}
static void value_get_maximum(AtkValue *v, GValue *out) {
    put_double(out, SP_NODE(v)->maximum);
}
static void value_get_minimum_increment(AtkValue *v, GValue *out) {
    put_double(out, SP_NODE(v)->step);
}

static gboolean value_set_current(AtkValue *v, const GValue *in) {
    SpNode *node = SP_NODE(v);
    GValue d = G_VALUE_INIT;
    g_value_init(&d, G_TYPE_DOUBLE);
    gboolean ok = G_IS_VALUE(in) && g_value_transform(in, &d);
    if (ok) request(node, SP_REQUEST_SET_VALUE, NULL, g_value_get_double(&d));
    g_value_unset(&d);
    return ok && !node->defunct;
}

// No text alternative (as GTK): atk-bridge 2.46's CurrentValue getter calls this and
// never frees the text, so a string here would leak on every read.
static void value_get_value_and_text(AtkValue *v, gdouble *value, gchar **text) {
    SpNode *node = SP_NODE(v);
    if (value) *value = node->value;
    if (text) *text = NULL;
}

static AtkRange *value_get_range(AtkValue *v) {
    SpNode *node = SP_NODE(v);
    return atk_range_new(node->minimum, node->maximum, NULL);
}

static gdouble value_get_increment(AtkValue *v) {
    return SP_NODE(v)->step;
}

static void value_set_value(AtkValue *v, const gdouble new_value) {
    request(SP_NODE(v), SP_REQUEST_SET_VALUE, NULL, new_value);
}

static void value_value_init(AtkValueIface *iface) {
    iface->get_current_value = value_get_current;
    iface->get_minimum_value = value_get_minimum;
    iface->get_maximum_value = value_get_maximum;
    iface->get_minimum_increment = value_get_minimum_increment;
    iface->set_current_value = value_set_current;
    iface->get_value_and_text = value_get_value_and_text;
    iface->get_range = value_get_range;
    iface->get_increment = value_get_increment;
    iface->set_value = value_set_value;
}

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
    a->role = map_role(n->role);
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
    const char *old_text = node_text(node);
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
    guint64 old_mask = atk_state_mask(node->kind, node->states);

    if (g_strcmp0(a->name, name) != 0) atk_object_set_name(a, name);
    if (g_strcmp0(a->description, description) != 0) atk_object_set_description(a, description);
    if (node->role != n->role) {
        node->role = n->role;
        atk_object_set_role(a, map_role(n->role));
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
        if (strcmp(node_text(node), text) != 0) node_update_text(node, text);
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
    guint64 new_mask = atk_state_mask(node->kind, node->states);
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
    Kids *k = kids_slot(parent);
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
    Kids *k = kids_slot(parent);
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
    Kids *k = kids_slot(parent);
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

static void apply(Snapshot *s) {
    SpWindow *win = B.window;
    AtkObject *win_obj = ATK_OBJECT(win);
    guint generation = ++B.generation;
    gint n = s->count;
    Item *items = g_new0(Item, n > 0 ? n : 1);
    GPtrArray *removed = g_ptr_array_new();
    GPtrArray *focus_gains = g_ptr_array_new();

    window_update(win, s);

    // Resolve parents and objects. Only an earlier node can be a parent (the header
    // promises parents first), which also rules out cycles.
    g_hash_table_remove_all(B.scratch);
    for (gint i = 0; i < n; i++) {
        sp_a11y_node *d = &s->nodes[i];
        Item *it = &items[i];
        if (d->id == 0 || g_hash_table_contains(B.scratch, &d->id)) {
            it->skip = TRUE;
            continue;
        }
        it->parent = -1;
        if (d->parent != 0 && d->parent != d->id) {
            gpointer found = g_hash_table_lookup(B.scratch, &d->parent);
            if (found) it->parent = GPOINTER_TO_INT(found) - 1;
        }
        g_hash_table_insert(B.scratch, &d->id, GINT_TO_POINTER(i + 1));
        gint kind = node_kind(d);
        SpNode *old = g_hash_table_lookup(B.nodes, &d->id);
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
    g_hash_table_iter_init(&iter, B.nodes);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        SpNode *node = value;
        if (node->seen == generation) continue;
        g_ptr_array_add(removed, node);
        g_hash_table_iter_steal(&iter);
    }
    for (gint i = 0; i < n; i++)
        if (!items[i].skip && items[i].is_new) g_hash_table_insert(B.nodes, &items[i].obj->id, items[i].obj);

    // The new tree: build every parent's list, then make them current.
    for (gint i = 0; i < n; i++) {
        if (items[i].skip) continue;
        AtkObject *p = items[i].parent < 0 ? win_obj : ATK_OBJECT(items[items[i].parent].obj);
        kids_append_next(kids_slot(p), items[i].obj);
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
        kids_clear(&node->kids);
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

static gboolean apply_idle(gpointer data G_GNUC_UNUSED) {
    pthread_mutex_lock(&handoff_lock);
    Snapshot *s = B.pending;
    B.pending = NULL;
    if (B.idle) {
        g_source_unref(B.idle);
        B.idle = NULL;
    }
    pthread_mutex_unlock(&handoff_lock);
    if (s && B.bridge_up) apply(s);
    g_free(s);
    return G_SOURCE_REMOVE;
}

// MARK: - Enabling (bridge thread)

static AtkObject *util_get_root(void) {
    return B.app ? ATK_OBJECT(B.app) : NULL;
}

static const gchar *util_get_toolkit_name(void) {
    return "StressPunch";
}

static const gchar *util_get_toolkit_version(void) {
    return "1";
}

static void enable_bridge(void) {
    B.bridge_tried = TRUE; // atk-bridge cannot be initialised twice, even after a failure

    // ATK's default add_global_event_listener stays: atk-bridge hooks our signals with it.
    B.util = g_type_class_ref(ATK_TYPE_UTIL);
    B.util->get_root = util_get_root;
    B.util->get_toolkit_name = util_get_toolkit_name;
    B.util->get_toolkit_version = util_get_toolkit_version;

    B.window = g_object_new(SP_TYPE_WINDOW, NULL);
    ATK_OBJECT(B.window)->role = ATK_ROLE_FRAME;
    ATK_OBJECT(B.window)->name = g_strdup("");
    B.app = g_object_new(SP_TYPE_APP, NULL);
    ATK_OBJECT(B.app)->role = ATK_ROLE_APPLICATION;
    ATK_OBJECT(B.app)->name = g_strdup(B.app_name);

    if (atk_bridge_adaptor_init(NULL, NULL) != 0) {
        sp_debug("atk_bridge_adaptor_init failed; staying off");
        return;
    }
    B.bridge_up = TRUE;
    sp_debug("registered with atk-bridge");

    pthread_mutex_lock(&handoff_lock);
    B.registered = TRUE;
    Snapshot *s = B.pending;
    B.pending = NULL;
    pthread_mutex_unlock(&handoff_lock);

    g_atomic_int_set(&B.listening, 1);
    if (B.on_listening) B.on_listening(B.context, 1);
    if (s) apply(s);
    g_free(s);
}

static gboolean cached_true(const char *property) {
    GVariant *v = g_dbus_proxy_get_cached_property(B.proxy, property);
    gboolean on = v && g_variant_is_of_type(v, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(v);
    if (v) g_variant_unref(v);
    return on;
}

static void check_status(void) {
    if (B.bridge_tried || !B.proxy) return;
    gboolean enabled = cached_true("IsEnabled"), reader = cached_true("ScreenReaderEnabled");
    sp_debug("org.a11y.Status: IsEnabled=%d ScreenReaderEnabled=%d", enabled, reader);
    if (enabled || reader) enable_bridge();
}

static void on_properties_changed(GDBusProxy *proxy G_GNUC_UNUSED, GVariant *changed G_GNUC_UNUSED,
                                  GStrv invalidated G_GNUC_UNUSED, gpointer data G_GNUC_UNUSED) {
    check_status();
}

static void on_proxy_ready(GObject *source G_GNUC_UNUSED, GAsyncResult *result, gpointer data G_GNUC_UNUSED) {
    GError *error = NULL;
    GDBusProxy *proxy = g_dbus_proxy_new_for_bus_finish(result, &error);
    if (!proxy) {
        sp_debug("no org.a11y.Status proxy: %s", error->message);
        g_error_free(error);
        return;
    }
    if (g_cancellable_is_cancelled(B.cancel)) {
        g_object_unref(proxy);
        return;
    }
    B.proxy = proxy;
    B.proxy_handler = g_signal_connect(proxy, "g-properties-changed", G_CALLBACK(on_properties_changed), NULL);
    check_status();
}

static gboolean quit_idle(gpointer data G_GNUC_UNUSED) {
    if (B.bridge_up) {
        atk_bridge_adaptor_cleanup();
        B.bridge_up = FALSE;
    }
    g_main_loop_quit(B.loop);
    return G_SOURCE_REMOVE;
}

static void node_drop(gpointer data) {
    SpNode *node = data;
    node->defunct = TRUE;
    node->parent_obj = NULL;
    kids_clear(&node->kids);
    g_object_unref(node);
}

static gpointer bridge_thread(gpointer data G_GNUC_UNUSED) {
    B.nodes = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, node_drop);
    B.scratch = g_hash_table_new(g_int64_hash, g_int64_equal);
    g_dbus_proxy_new_for_bus(G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, NULL, "org.a11y.Bus",
                             "/org/a11y/bus", "org.a11y.Status", B.cancel, on_proxy_ready, NULL);
    g_main_loop_run(B.loop);

    if (B.proxy) {
        g_clear_signal_handler(&B.proxy_handler, B.proxy);
        g_clear_object(&B.proxy);
    }
    g_atomic_int_set(&B.listening, 0);
    g_hash_table_destroy(B.nodes);
    g_hash_table_destroy(B.scratch);
    B.nodes = B.scratch = NULL;
    SpApp *app = B.app;
    SpWindow *win = B.window;
    B.app = NULL;
    B.window = NULL;
    if (win) kids_clear(&win->kids);
    g_clear_object(&win);
    g_clear_object(&app);
    return NULL; // B.util keeps its reference: get_root now answers NULL
}

// MARK: - Public API (app thread)

static gboolean session_bus_available(void) {
    const char *address = g_getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) return TRUE;
    const char *runtime = g_getenv("XDG_RUNTIME_DIR");
    if (!runtime || !*runtime) return FALSE;
    gchar *path = g_build_filename(runtime, "bus", NULL);
    struct stat st;
    gboolean ok = stat(path, &st) == 0 && S_ISSOCK(st.st_mode);
    g_free(path);
    return ok;
}

int sp_a11y_start(const char *app_name, sp_a11y_request_fn on_request, sp_a11y_listening_fn on_listening,
                  void *context) {
    if (B.thread) return 1;
    const char *no_bridge = g_getenv("NO_AT_BRIDGE");
    if (no_bridge && atoi(no_bridge) == 1) return 0;
    if (!session_bus_available()) return 0;

    sp_debug_enabled = g_getenv("STRESSPUNCH_A11Y_DEBUG") != NULL;
    B.app_name = g_strdup(app_name && *app_name ? app_name : "StressPunch");
    sanitize_utf8(B.app_name);
    B.on_request = on_request;
    B.on_listening = on_listening;
    B.context = context;
    B.bridge_tried = FALSE;
    pthread_mutex_lock(&handoff_lock);
    B.stopping = FALSE;
    B.registered = FALSE;
    pthread_mutex_unlock(&handoff_lock);
    B.loop = g_main_loop_new(NULL, FALSE);
    B.cancel = g_cancellable_new();

    GError *error = NULL;
    B.thread = g_thread_try_new("sp-a11y", bridge_thread, NULL, &error);
    if (!B.thread) {
        sp_debug("no thread: %s", error->message);
        g_error_free(error);
        g_clear_pointer(&B.loop, g_main_loop_unref);
        g_clear_object(&B.cancel);
        g_clear_pointer(&B.app_name, g_free);
        return 0;
    }
    return 1;
}

int sp_a11y_is_listening(void) {
    return g_atomic_int_get(&B.listening);
}

void sp_a11y_publish(const sp_a11y_node *nodes, int32_t count, const char *window_name, int32_t window_x,
                     int32_t window_y, int32_t window_width, int32_t window_height, int32_t window_active) {
    if (!B.thread) return;
    Snapshot *s = snapshot_copy(nodes, count, window_name, window_x, window_y, window_width, window_height,
                                window_active);
    pthread_mutex_lock(&handoff_lock);
    if (B.stopping) {
        pthread_mutex_unlock(&handoff_lock);
        g_free(s);
        return;
    }
    Snapshot *older = B.pending;
    B.pending = s;
    if (B.registered && !B.idle) {
        B.idle = g_idle_source_new();
        g_source_set_callback(B.idle, apply_idle, NULL, NULL);
        g_source_attach(B.idle, NULL);
    }
    pthread_mutex_unlock(&handoff_lock);
    g_free(older);
}

void sp_a11y_stop(void) {
    if (!B.thread) return;
    pthread_mutex_lock(&handoff_lock);
    B.stopping = TRUE;
    B.registered = FALSE;
    if (B.idle) {
        g_source_destroy(B.idle);
        g_source_unref(B.idle);
        B.idle = NULL;
    }
    Snapshot *pending = B.pending;
    B.pending = NULL;
    pthread_mutex_unlock(&handoff_lock);
    g_free(pending);

    g_cancellable_cancel(B.cancel);
    // Through the loop (not g_main_loop_quit here): a quit before the thread has
    // entered g_main_loop_run would be lost.
    GSource *quit = g_idle_source_new();
    g_source_set_priority(quit, G_PRIORITY_HIGH);
    g_source_set_callback(quit, quit_idle, NULL, NULL);
    g_source_attach(quit, NULL);
    g_source_unref(quit);
    g_thread_join(B.thread);
    B.thread = NULL;

    g_clear_pointer(&B.loop, g_main_loop_unref);
    g_clear_object(&B.cancel);
    g_clear_pointer(&B.app_name, g_free);
    B.on_request = NULL;
    B.on_listening = NULL;
    B.context = NULL;
}
