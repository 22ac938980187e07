// Private to CAccessibilityBridge (not in include/, so Swift never sees it): the
// declarations the bridge's files share. That is the snapshot a publish hands over,
// the ATK object types and their instance structs, the one global state struct, and
// the internal functions one file defines and another calls. Every object here is
// touched on the bridge thread only, except the fields of `sp_bridge` marked otherwise.
#ifndef SP_BRIDGE_PRIVATE_H
#define SP_BRIDGE_PRIVATE_H

#include "AccessibilityBridge.h"

#include <atk/atk.h>
#include <gio/gio.h>

// MARK: - Snapshot (one allocation: header, nodes, strings)

typedef struct {
    sp_a11y_node *nodes;
    gint32 count;
    const char *window_name;
    gint32 window_x, window_y, window_width, window_height;
    gboolean window_active;
} Snapshot;

// MARK: - Object types

enum { KIND_PLAIN = 0, KIND_TEXT = 1, KIND_VALUE = 2 };

// A parent's ordered children (borrowed pointers; sp_bridge.nodes owns the nodes), plus a
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
    guint64 id; // the key of sp_bridge.nodes points here
    gint kind;
    gboolean defunct;
    guint seen; // sp_bridge.generation of the last snapshot that had it
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

// Internal (hidden), so G_DEFINE_TYPE's get_type functions are not exported.
G_GNUC_INTERNAL GType sp_app_get_type(void);
G_GNUC_INTERNAL GType sp_window_get_type(void);
G_GNUC_INTERNAL GType sp_node_get_type(void);
G_GNUC_INTERNAL GType sp_text_node_get_type(void);
G_GNUC_INTERNAL GType sp_value_node_get_type(void);

#define SP_TYPE_APP (sp_app_get_type())
#define SP_TYPE_WINDOW (sp_window_get_type())
#define SP_TYPE_NODE (sp_node_get_type())
#define SP_TYPE_TEXT_NODE (sp_text_node_get_type())
#define SP_TYPE_VALUE_NODE (sp_value_node_get_type())
#define SP_WINDOW(o) (G_TYPE_CHECK_INSTANCE_CAST((o), SP_TYPE_WINDOW, SpWindow))
#define SP_NODE(o) (G_TYPE_CHECK_INSTANCE_CAST((o), SP_TYPE_NODE, SpNode))
#define SP_IS_WINDOW(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), SP_TYPE_WINDOW))
#define SP_IS_NODE(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), SP_TYPE_NODE))

#define STATE_BIT(s) ((guint64)1 << (s))

// MARK: - Global state

// The bridge's whole state; its one instance, `sp_bridge`, is in accessibility_bridge.c.
typedef struct {
    // Guarded by `handoff_lock` (accessibility_bridge.c; both threads).
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
} BridgeState;

G_GNUC_INTERNAL extern BridgeState sp_bridge;

// snapshot.c
G_GNUC_INTERNAL void sp_sanitize_utf8(char *s);
G_GNUC_INTERNAL Snapshot *sp_snapshot_copy(const sp_a11y_node *nodes, gint32 count, const char *window_name,
                                           gint32 wx, gint32 wy, gint32 ww, gint32 wh, gint32 wactive);

// objects.c
G_GNUC_INTERNAL gboolean sp_request(SpNode *node, gint32 kind, const char *text, double value);
G_GNUC_INTERNAL Kids *sp_kids_slot(AtkObject *o);
G_GNUC_INTERNAL void sp_kids_clear(Kids *k);
G_GNUC_INTERNAL AtkRole sp_map_role(gint32 role);
G_GNUC_INTERNAL guint64 sp_state_mask(gint kind, guint32 states);
G_GNUC_INTERNAL void sp_convert_rect(SpNode *node, gint rx, gint ry, gint rw, gint rh, gint *x, gint *y, gint *w,
                                     gint *h, AtkCoordType coords);

// text_node.c
G_GNUC_INTERNAL const char *sp_node_text(SpNode *node);

// apply.c
G_GNUC_INTERNAL void sp_apply(Snapshot *s);

#endif
