// The ATK object types: the application (the root atk-bridge exports), its one
// window (AtkComponent, AtkWindow), and the node every widget is (AtkComponent,
// AtkAction), which the Text and Value node types derive from. Also what they share:
// the ordered child lists, the role and state mapping, coordinate conversion, and
// sending a request back to the app.

#include "bridge_private.h"

// MARK: - Requests and child lists

gboolean sp_request(SpNode *node, gint32 kind, const char *text, double value) {
    if (node->defunct || !sp_bridge.on_request) return FALSE;
    return sp_bridge.on_request(sp_bridge.context, node->id, kind, text, value) != 0;
}

Kids *sp_kids_slot(AtkObject *o) {
    return SP_IS_WINDOW(o) ? &SP_WINDOW(o)->kids : &SP_NODE(o)->kids;
}

void sp_kids_clear(Kids *k) {
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
    return sp_bridge.window ? 1 : 0;
}

static AtkObject *app_ref_child(AtkObject *o G_GNUC_UNUSED, gint i) {
    return (i == 0 && sp_bridge.window) ? g_object_ref(ATK_OBJECT(sp_bridge.window)) : NULL;
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
    return sp_bridge.app ? ATK_OBJECT(sp_bridge.app) : NULL;
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
    sp_kids_clear(&SP_WINDOW(object)->kids);
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

AtkRole sp_map_role(gint32 role) {
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

// The ATK states of a live node, as bits indexed by AtkStateType (all < 64).
guint64 sp_state_mask(gint kind, guint32 states) {
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
    guint64 mask = sp_state_mask(node->kind, node->states);
    for (gint s = 0; s < ATK_STATE_LAST_DEFINED; s++)
        if (mask & STATE_BIT(s)) atk_state_set_add_state(set, (AtkStateType)s);
    return set;
}

static void node_finalize(GObject *object) {
    SpNode *node = SP_NODE(object);
    sp_kids_clear(&node->kids);
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
void sp_convert_rect(SpNode *node, gint rx, gint ry, gint rw, gint rh, gint *x, gint *y, gint *w, gint *h,
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
    } else if (sp_bridge.window) { // ATK_XY_SCREEN
        rx += sp_bridge.window->x;
        ry += sp_bridge.window->y;
    }
    set_rect(x, y, w, h, rx, ry, rw, rh);
}

static void node_get_extents(AtkComponent *c, gint *x, gint *y, gint *w, gint *h, AtkCoordType coords) {
    SpNode *node = SP_NODE(c);
    sp_convert_rect(node, node->x, node->y, node->width, node->height, x, y, w, h, coords);
}

static gboolean node_grab_focus(AtkComponent *c) {
    SpNode *node = SP_NODE(c);
    if (node->defunct) return FALSE;
    sp_request(node, SP_REQUEST_FOCUS, NULL, 0);
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
    // TRUE only when the press will land: past the app's bound the client hears FALSE.
    return sp_request(node, SP_REQUEST_PRESS, NULL, 0);
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
