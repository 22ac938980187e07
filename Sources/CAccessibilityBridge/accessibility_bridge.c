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
//
// This file owns that thread, the org.a11y.Status watch that decides when to enable
// atk-bridge, the handoff, and the public functions. The rest is split by job:
// snapshot.c (copying), objects.c (the ATK types), text_node.c and value_node.c (their
// interfaces), apply.c (the diff); bridge_private.h declares what they share.

#include "bridge_private.h"

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

// MARK: - Global state

// The snapshot handoff's lock: a pthread mutex rather than a GMutex, because GLib's
// GMutex is a futex inside uninstrumented libglib that ThreadSanitizer cannot see,
// so a TSan build would report the handoff itself as a race.
static pthread_mutex_t handoff_lock = PTHREAD_MUTEX_INITIALIZER;

BridgeState sp_bridge;

// The idle a publish schedules: takes the pending snapshot and applies it.
static gboolean apply_idle(gpointer data G_GNUC_UNUSED) {
    pthread_mutex_lock(&handoff_lock);
    Snapshot *s = sp_bridge.pending;
    sp_bridge.pending = NULL;
    if (sp_bridge.idle) {
        g_source_unref(sp_bridge.idle);
        sp_bridge.idle = NULL;
    }
    pthread_mutex_unlock(&handoff_lock);
    if (s && sp_bridge.bridge_up) sp_apply(s);
    g_free(s);
    return G_SOURCE_REMOVE;
}

// MARK: - Enabling (bridge thread)

static AtkObject *util_get_root(void) {
    return sp_bridge.app ? ATK_OBJECT(sp_bridge.app) : NULL;
}

static const gchar *util_get_toolkit_name(void) {
    return "StressPunch";
}

static const gchar *util_get_toolkit_version(void) {
    return "1";
}

static void enable_bridge(void) {
    sp_bridge.bridge_tried = TRUE; // atk-bridge cannot be initialised twice, even after a failure

    // ATK's default add_global_event_listener stays: atk-bridge hooks our signals with it.
    sp_bridge.util = g_type_class_ref(ATK_TYPE_UTIL);
    sp_bridge.util->get_root = util_get_root;
    sp_bridge.util->get_toolkit_name = util_get_toolkit_name;
    sp_bridge.util->get_toolkit_version = util_get_toolkit_version;

    sp_bridge.window = g_object_new(SP_TYPE_WINDOW, NULL);
    ATK_OBJECT(sp_bridge.window)->role = ATK_ROLE_FRAME;
    ATK_OBJECT(sp_bridge.window)->name = g_strdup("");
    sp_bridge.app = g_object_new(SP_TYPE_APP, NULL);
    ATK_OBJECT(sp_bridge.app)->role = ATK_ROLE_APPLICATION;
    ATK_OBJECT(sp_bridge.app)->name = g_strdup(sp_bridge.app_name);

    if (atk_bridge_adaptor_init(NULL, NULL) != 0) {
        sp_debug("atk_bridge_adaptor_init failed; staying off");
        return;
    }
    sp_bridge.bridge_up = TRUE;
    sp_debug("registered with atk-bridge");

    pthread_mutex_lock(&handoff_lock);
    sp_bridge.registered = TRUE;
    Snapshot *s = sp_bridge.pending;
    sp_bridge.pending = NULL;
    pthread_mutex_unlock(&handoff_lock);

    g_atomic_int_set(&sp_bridge.listening, 1);
    if (sp_bridge.on_listening) sp_bridge.on_listening(sp_bridge.context, 1);
    if (s) sp_apply(s);
    g_free(s);
}

static gboolean cached_true(const char *property) {
    GVariant *v = g_dbus_proxy_get_cached_property(sp_bridge.proxy, property);
    gboolean on = v && g_variant_is_of_type(v, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(v);
    if (v) g_variant_unref(v);
    return on;
}

static void check_status(void) {
    if (sp_bridge.bridge_tried || !sp_bridge.proxy) return;
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
    if (g_cancellable_is_cancelled(sp_bridge.cancel)) {
        g_object_unref(proxy);
        return;
    }
    sp_bridge.proxy = proxy;
    sp_bridge.proxy_handler = g_signal_connect(proxy, "g-properties-changed", G_CALLBACK(on_properties_changed), NULL);
    check_status();
}

static gboolean quit_idle(gpointer data G_GNUC_UNUSED) {
    if (sp_bridge.bridge_up) {
        atk_bridge_adaptor_cleanup();
        sp_bridge.bridge_up = FALSE;
    }
    g_main_loop_quit(sp_bridge.loop);
    return G_SOURCE_REMOVE;
}

static void node_drop(gpointer data) {
    SpNode *node = data;
    node->defunct = TRUE;
    node->parent_obj = NULL;
    sp_kids_clear(&node->kids);
    g_object_unref(node);
}

static gpointer bridge_thread(gpointer data G_GNUC_UNUSED) {
    sp_bridge.nodes = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, node_drop);
    sp_bridge.scratch = g_hash_table_new(g_int64_hash, g_int64_equal);
    g_dbus_proxy_new_for_bus(G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, NULL, "org.a11y.Bus",
                             "/org/a11y/bus", "org.a11y.Status", sp_bridge.cancel, on_proxy_ready, NULL);
    g_main_loop_run(sp_bridge.loop);

    if (sp_bridge.proxy) {
        g_clear_signal_handler(&sp_bridge.proxy_handler, sp_bridge.proxy);
        g_clear_object(&sp_bridge.proxy);
    }
    g_atomic_int_set(&sp_bridge.listening, 0);
    g_hash_table_destroy(sp_bridge.nodes);
    g_hash_table_destroy(sp_bridge.scratch);
    sp_bridge.nodes = sp_bridge.scratch = NULL;
    SpApp *app = sp_bridge.app;
    SpWindow *win = sp_bridge.window;
    sp_bridge.app = NULL;
    sp_bridge.window = NULL;
    if (win) sp_kids_clear(&win->kids);
    g_clear_object(&win);
    g_clear_object(&app);
    return NULL; // sp_bridge.util keeps its reference: get_root now answers NULL
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
    if (sp_bridge.thread) return 1;
    const char *no_bridge = g_getenv("NO_AT_BRIDGE");
    if (no_bridge && atoi(no_bridge) == 1) return 0;
    if (!session_bus_available()) return 0;

    sp_debug_enabled = g_getenv("STRESSPUNCH_A11Y_DEBUG") != NULL;
    sp_bridge.app_name = g_strdup(app_name && *app_name ? app_name : "StressPunch");
    sp_sanitize_utf8(sp_bridge.app_name);
    sp_bridge.on_request = on_request;
    sp_bridge.on_listening = on_listening;
    sp_bridge.context = context;
    sp_bridge.bridge_tried = FALSE;
    pthread_mutex_lock(&handoff_lock);
    sp_bridge.stopping = FALSE;
    sp_bridge.registered = FALSE;
    pthread_mutex_unlock(&handoff_lock);
    sp_bridge.loop = g_main_loop_new(NULL, FALSE);
    sp_bridge.cancel = g_cancellable_new();

    GError *error = NULL;
    sp_bridge.thread = g_thread_try_new("sp-a11y", bridge_thread, NULL, &error);
    if (!sp_bridge.thread) {
        sp_debug("no thread: %s", error->message);
        g_error_free(error);
        g_clear_pointer(&sp_bridge.loop, g_main_loop_unref);
        g_clear_object(&sp_bridge.cancel);
        g_clear_pointer(&sp_bridge.app_name, g_free);
        return 0;
    }
    return 1;
}

int sp_a11y_is_listening(void) {
    return g_atomic_int_get(&sp_bridge.listening);
}

void sp_a11y_publish(const sp_a11y_node *nodes, int32_t count, const char *window_name, int32_t window_x,
                     int32_t window_y, int32_t window_width, int32_t window_height, int32_t window_active) {
    if (!sp_bridge.thread) return;
    Snapshot *s = sp_snapshot_copy(nodes, count, window_name, window_x, window_y, window_width, window_height,
                                window_active);
    pthread_mutex_lock(&handoff_lock);
    if (sp_bridge.stopping) {
        pthread_mutex_unlock(&handoff_lock);
        g_free(s);
        return;
    }
    Snapshot *older = sp_bridge.pending;
    sp_bridge.pending = s;
    if (sp_bridge.registered && !sp_bridge.idle) {
        sp_bridge.idle = g_idle_source_new();
        g_source_set_callback(sp_bridge.idle, apply_idle, NULL, NULL);
        g_source_attach(sp_bridge.idle, NULL);
    }
    pthread_mutex_unlock(&handoff_lock);
    g_free(older);
}

void sp_a11y_stop(void) {
    if (!sp_bridge.thread) return;
    pthread_mutex_lock(&handoff_lock);
    sp_bridge.stopping = TRUE;
    sp_bridge.registered = FALSE;
    if (sp_bridge.idle) {
        g_source_destroy(sp_bridge.idle);
        g_source_unref(sp_bridge.idle);
        sp_bridge.idle = NULL;
    }
    Snapshot *pending = sp_bridge.pending;
    sp_bridge.pending = NULL;
    pthread_mutex_unlock(&handoff_lock);
    g_free(pending);

    g_cancellable_cancel(sp_bridge.cancel);
    // Through the loop (not g_main_loop_quit here): a quit before the thread has
    // entered g_main_loop_run would be lost.
    GSource *quit = g_idle_source_new();
    g_source_set_priority(quit, G_PRIORITY_HIGH);
    g_source_set_callback(quit, quit_idle, NULL, NULL);
    g_source_attach(quit, NULL);
    g_source_unref(quit);
    g_thread_join(sp_bridge.thread);
    sp_bridge.thread = NULL;

    g_clear_pointer(&sp_bridge.loop, g_main_loop_unref);
    g_clear_object(&sp_bridge.cancel);
    g_clear_pointer(&sp_bridge.app_name, g_free);
    sp_bridge.on_request = NULL;
    sp_bridge.on_listening = NULL;
    sp_bridge.context = NULL;
}
