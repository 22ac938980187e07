// The desktop's high-contrast preference, read through GSettings.
#include "DesktopContrast.h"

#include <gio/gio.h>

int sp_desktop_prefers_high_contrast(void) {
    static const char *const schema_id = "org.gnome.desktop.a11y.interface";
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
