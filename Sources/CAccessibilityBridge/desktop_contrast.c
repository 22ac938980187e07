// The desktop's high-contrast preference, read through GSettings.
#include "DesktopContrast.h"

#include <gio/gio.h>

// GSettings' dconf backend talks to the session bus, and GDBus starts one by itself
// (dbus-launch) when none is named: a kiosk under cage would get a stray daemon, and
// it holds the app's stdout open. Without a session bus there is no desktop setting.
static int has_session_bus(void) {
    const char *address = g_getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address != NULL && address[0] != '\0') return 1;
    const char *runtime = g_getenv("XDG_RUNTIME_DIR");
    if (runtime == NULL || runtime[0] == '\0') return 0;
    gchar *socket = g_build_filename(runtime, "bus", NULL);
    int exists = g_file_test(socket, G_FILE_TEST_EXISTS) ? 1 : 0;
    g_free(socket);
    return exists;
}

int sp_desktop_prefers_high_contrast(void) {
    static const char *const schema_id = "org.gnome.desktop.a11y.interface";
    if (!has_session_bus()) return 0;
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (source == NULL) return 0;
    // Looked up first: g_settings_new aborts the process on a schema that is missing.
    GSettingsSchema *schema = g_settings_schema_source_lookup(source, schema_id, TRUE);
    if (schema == NULL) return 0;
    int has_key = g_settings_schema_has_key(schema, "high-contrast");
    g_settings_schema_unref(schema);
    if (!has_key) return 0;
    GSettings *settings = g_settings_new(schema_id);
    int on = g_settings_get_boolean(settings, "high-contrast") ? 1 : 0;
    g_object_unref(settings);
    return on;
}
