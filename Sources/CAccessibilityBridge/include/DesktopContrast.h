// The desktop's accessibility preferences that change how the app draws (desktop_contrast.c).
#ifndef STRESSPUNCH_DESKTOP_CONTRAST_H
#define STRESSPUNCH_DESKTOP_CONTRAST_H

/// 1 when GNOME's accessibility setting asks for high contrast
/// (org.gnome.desktop.a11y.interface high-contrast), read through GSettings once; 0
/// when it is off, or the schema is not installed (another desktop, a kiosk).
int sp_desktop_prefers_high_contrast(void);

#endif
