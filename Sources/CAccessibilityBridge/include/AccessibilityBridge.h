// The app's widgets on the desktop's accessibility bus (AT-SPI), through ATK and
// atk-bridge, behind calls Swift can make (accessibility_bridge.c).
//
// Threads: every ATK object lives on one GLib thread of the bridge's own, which runs
// the default GMainContext that atk-bridge speaks D-Bus on. The app's thread only
// copies a snapshot in (`sp_a11y_publish`) and reads requests out through the
// callback; it never touches an ATK object and never waits for the bus.
#ifndef STRESSPUNCH_ACCESSIBILITY_BRIDGE_H
#define STRESSPUNCH_ACCESSIBILITY_BRIDGE_H

#include <stdint.h>

/// What a node is (mapped to ATK roles in the bridge).
enum sp_a11y_role {
    SP_ROLE_PUSH_BUTTON = 0,
    SP_ROLE_TOGGLE_BUTTON = 1,
    SP_ROLE_CHECK_BOX = 2,
    SP_ROLE_SLIDER = 3,
    SP_ROLE_SPIN_BUTTON = 4,
    SP_ROLE_ENTRY = 5,
    SP_ROLE_LIST = 6,
    SP_ROLE_LIST_ITEM = 7,
    SP_ROLE_PAGE_TAB = 8,
    SP_ROLE_HEADING = 9,
    SP_ROLE_LABEL = 10,
    SP_ROLE_DIALOG = 11,
    SP_ROLE_ALERT = 12,
    SP_ROLE_IMAGE = 13,
    SP_ROLE_NOTIFICATION = 14,
    SP_ROLE_PANEL = 15,
    SP_ROLE_PAGE_TAB_LIST = 16,
};

/// A node's states, as bits.
enum sp_a11y_state {
    SP_STATE_FOCUSABLE = 1u << 0,
    SP_STATE_FOCUSED = 1u << 1,
    SP_STATE_SELECTED = 1u << 2,
    SP_STATE_CHECKED = 1u << 3,
    SP_STATE_ENABLED = 1u << 4,   // also sensitive
    SP_STATE_MODAL = 1u << 5,
    SP_STATE_EDITABLE = 1u << 6,
    SP_STATE_SELECTABLE = 1u << 7,
    SP_STATE_CHECKABLE = 1u << 8,
};

/// What a node can be asked to do (its actions and interfaces beyond Component).
enum sp_a11y_request_kind {
    SP_REQUEST_PRESS = 0,      // Action 0 of a button, toggle, check box, list item, tab, the stage
    SP_REQUEST_FOCUS = 1,      // Component.GrabFocus
    SP_REQUEST_SET_TEXT = 2,   // EditableText: the entry's whole new text in `text`
    SP_REQUEST_SET_VALUE = 3,  // Value.SetCurrentValue: `value`
};

/// One accessible object of the frame. Strings are UTF-8 and copied by `sp_a11y_publish`.
typedef struct sp_a11y_node {
    uint64_t id;            // stable across frames; never 0
    uint64_t parent;        // 0: a child of the window
    int32_t role;           // enum sp_a11y_role
    uint32_t states;        // enum sp_a11y_state bits
    const char *name;
    const char *description; // may be NULL
    const char *action;      // the name of Action 0 ("press", "toggle", "punch"), NULL for none
    int32_t x, y, width, height; // in window pixels
    const char *text;        // an entry's text (Text / EditableText), NULL for other roles
    int32_t caret;           // an entry's caret, in characters
    int32_t has_value;       // 1: Value interface with the four below
    double value, minimum, maximum, step;
} sp_a11y_node;

/// Called on the bridge's thread when an assistive technology asks a node to do
/// something; `text` is valid only during the call. Must not block. Returns 1 when the
/// request is taken (it will land), 0 when refused (the app's queue is full): an
/// Action's DoAction answers the client with it.
typedef int (*sp_a11y_request_fn)(void *context, uint64_t id, int32_t kind, const char *text, double value);

/// The most bytes of text a SetTextContents or InsertText passes on (the app's fields
/// hold 200 characters): longer text is cut at a character boundary before any work.
#define SP_A11Y_LONGEST_TEXT 4096

/// Called on the bridge's thread when `sp_a11y_is_listening` changes (to wake the app
/// so its next frame publishes). Must not block.
typedef void (*sp_a11y_listening_fn)(void *context, int listening);

/// Starts the bridge's thread when a D-Bus session bus is there (DBUS_SESSION_BUS_ADDRESS,
/// or $XDG_RUNTIME_DIR/bus; never autolaunches one). It watches org.a11y.Status on the
/// session bus and registers the app with atk-bridge once IsEnabled or
/// ScreenReaderEnabled is true (as Qt does), so without a screen reader nothing is
/// exported and nothing is built. Returns 1 when the thread started, 0 when there is no
/// session bus or NO_AT_BRIDGE=1 (silent: no warning is printed). `app_name` names the
/// application object. Call it, publish and stop from one thread (the app's).
int sp_a11y_start(const char *app_name, sp_a11y_request_fn on_request, sp_a11y_listening_fn on_listening,
                  void *context);

/// 1 once atk-bridge is registered on the accessibility bus (someone asked for it).
int sp_a11y_is_listening(void);

/// Hands the bridge the frame's whole tree (parents before their children, in reading
/// order) and the window's name, position on the screen and whether it is active. The
/// bridge applies it on its thread as a diff: new nodes are added (children-changed),
/// gone ones removed, changed names, states, text, values and extents are notified,
/// and focus moves with a focus event. Unchanged input sends nothing.
void sp_a11y_publish(const sp_a11y_node *nodes, int32_t count, const char *window_name, int32_t window_x,
                     int32_t window_y, int32_t window_width, int32_t window_height, int32_t window_active);

/// Stops the thread and lets go of every object (at exit). Joins the bridge's thread, so
/// never call it from inside a callback; on_listening is not called for this last change.
void sp_a11y_stop(void);

#endif
