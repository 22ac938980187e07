// X11 for what SDL2 gets wrong there, behind calls Swift can make (x11_desktop.c).
#ifndef STRESSPUNCH_X11_DESKTOP_H
#define STRESSPUNCH_X11_DESKTOP_H

struct SDL_Window;

/// The X server's `Xft.dpi` resource (what GNOME's and KDE's settings daemons and
/// `xrdb` set for the desktop's scale: 96 is 1x, 192 is 2x), read the way Xft itself
/// reads it (XGetDefault), through a connection of its own so it can be asked before
/// any window exists. 0 when unset, unreadable, or there is no X display.
double xd_xft_dpi(void);

/// 1 when an EWMH window manager runs on the window's screen (it carries out
/// fullscreen requests), 0 when none does, -1 when the window is not on X11.
int xd_has_window_manager(struct SDL_Window *window);

/// Asks the window manager to show the window on every desktop (EWMH: _NET_WM_DESKTOP
/// 0xFFFFFFFF and the sticky state), so a desktop switch does not leave it behind.
void xd_show_on_every_desktop(struct SDL_Window *window);

/// The window's X11 id, 0 when it is not an X11 window.
unsigned long xd_window_id(struct SDL_Window *window);

/// Brings another StressPunch's X11 window `id` to the front on the display in
/// $DISPLAY: asks the window manager to activate it (EWMH _NET_ACTIVE_WINDOW, as a
/// pager does, which also restores it from minimized) and, for a server without one,
/// maps and raises it. Only a window that is that app's: its _NET_WM_PID is `pid` (the
/// lock's holder, as the kernel reports it) and its WM_CLASS names stresspunch; an id
/// written into the lock file by anybody else is never raised. 1 when the window is
/// the app's and was asked, 0 otherwise.
int xd_activate_window(unsigned long id, long pid);

/// `utf8` as COMPOUND_TEXT for the legacy WM_NAME: Latin-1 characters as their bytes,
/// every run of others in a UTF-8 segment (ESC % G ... ESC % @), as Xlib writes it in
/// a UTF-8 locale. Done by hand because Xlib converts through the process's locale,
/// and in the "C" locale it silently drops what Latin-1 lacks (the title's em dash).
/// Controls other than tab and newline, and malformed bytes, are left out.
/// Returns a malloc'ed buffer (free it) and its length, or NULL.
unsigned char *xd_utf8_to_compound_text(const char *utf8, int *outLength);

/// Sets the window's names properly on X11: _NET_WM_NAME as UTF-8, and the old
/// WM_NAME / WM_ICON_NAME, where SDL2 stores UTF-8 bytes typed as Latin-1 (which
/// older tools and window managers show garbled): Latin-1 text becomes STRING,
/// anything else COMPOUND_TEXT, as ICCCM asks.
void xd_set_title(struct SDL_Window *window, const char *utf8);

#endif
