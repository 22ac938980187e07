// The value node type (SpValueNode): AtkValue for sliders and spin buttons, read
// from the last snapshot; setting a value becomes a SET_VALUE request to the app.

#include "bridge_private.h"

#include <string.h>

typedef struct {
    SpNode parent_instance;
} SpValueNode;
typedef struct {
    SpNodeClass parent_class;
} SpValueNodeClass;

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
    if (ok) sp_request(node, SP_REQUEST_SET_VALUE, NULL, g_value_get_double(&d));
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
    sp_request(SP_NODE(v), SP_REQUEST_SET_VALUE, NULL, new_value);
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
