// Shim for SDL2 and its satellite libraries. Swift does not import C macros with
// arguments, macro aliases of functions or variadic functions, so the few we need
// are rebuilt here as static inline functions.
#ifndef STRESSPUNCH_CSDL2_SHIM_H
#define STRESSPUNCH_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_mixer.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_syswm.h>
#include <stdlib.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <string.h>

static inline int shim_SDL_BlitSurface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}

static inline int shim_SDL_BlitScaled(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitScaled(src, srcrect, dst, dstrect);
}

static inline int shim_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int shim_SDL_WINDOWPOS_CENTERED_DISPLAY(int display) { return SDL_WINDOWPOS_CENTERED_DISPLAY(display); }

static inline SDL_bool shim_SDL_MUSTLOCK(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? SDL_TRUE : SDL_FALSE; }

static inline Uint32 shim_SDL_TOUCH_MOUSEID(void) { return SDL_TOUCH_MOUSEID; }

static inline const char *shim_IMG_GetError(void) { return SDL_GetError(); }

// X11 only, for what SDL2 gets wrong there (no-ops on other video drivers).

/// The window's X display and id, or 0 when it is not an X11 window.
static inline Window shim_x11_window(SDL_Window *window, Display **display) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    return info.info.x11.window;
}

/// The X server's `Xft.dpi` resource (what GNOME's and KDE's settings daemons and
/// `xrdb` set for the desktop's scale: 96 is 1x, 192 is 2x), read the way Xft itself
/// reads it (XGetDefault), through a connection of its own so it can be asked before
/// any window exists. 0 when unset, unreadable, or there is no X display.
static inline double shim_x11_xft_dpi(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return 0;
    const char *value = XGetDefault(display, "Xft", "dpi");
    double dpi = value ? strtod(value, NULL) : 0;
    XCloseDisplay(display);
    return dpi > 0 ? dpi : 0;
}

/// 1 when an EWMH window manager runs on the window's screen (it carries out
/// fullscreen requests), 0 when none does, -1 when the window is not on X11.
static inline int shim_x11_has_window_manager(SDL_Window *window) {
    Display *display = NULL;
    if (shim_x11_window(window, &display) == 0) return -1;
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return 0;
    Atom type = None;
    int format = 0;
    unsigned long count = 0, remaining = 0;
    unsigned char *data = NULL;
    int found = 0;
    if (XGetWindowProperty(display, DefaultRootWindow(display), check, 0, 1, False, XA_WINDOW, &type, &format,
                           &count, &remaining, &data) == Success && type == XA_WINDOW && count == 1) {
        found = 1;
    }
    if (data) XFree(data);
    return found;
}

/// Asks the window manager to show the window on every desktop (EWMH: _NET_WM_DESKTOP
/// 0xFFFFFFFF and the sticky state), so a desktop switch does not leave it behind.
static inline void shim_x11_show_on_every_desktop(SDL_Window *window) {
    Display *display = NULL;
    Window xwindow = shim_x11_window(window, &display);
    if (xwindow == 0) return;
    Window root = DefaultRootWindow(display);
    long mask = SubstructureRedirectMask | SubstructureNotifyMask;
    XEvent desktop;
    memset(&desktop, 0, sizeof desktop);
    desktop.xclient.type = ClientMessage;
    desktop.xclient.window = xwindow;
    desktop.xclient.message_type = XInternAtom(display, "_NET_WM_DESKTOP", False);
    desktop.xclient.format = 32;
    desktop.xclient.data.l[0] = 0xFFFFFFFFL;
    desktop.xclient.data.l[1] = 1;  // from an application
    XSendEvent(display, root, False, mask, &desktop);
    XEvent sticky;
    memset(&sticky, 0, sizeof sticky);
    sticky.xclient.type = ClientMessage;
    sticky.xclient.window = xwindow;
    sticky.xclient.message_type = XInternAtom(display, "_NET_WM_STATE", False);
    sticky.xclient.format = 32;
    sticky.xclient.data.l[0] = 1;  // add
    sticky.xclient.data.l[1] = (long)XInternAtom(display, "_NET_WM_STATE_STICKY", False);
    sticky.xclient.data.l[3] = 1;
    XSendEvent(display, root, False, mask, &sticky);
    XFlush(display);
}

/// The window's X11 id, 0 when it is not an X11 window.
static inline unsigned long shim_x11_window_id(SDL_Window *window) {
    Display *display = NULL;
    return (unsigned long)shim_x11_window(window, &display);
}

static int shim_x11_ignore_error(Display *display, XErrorEvent *error) { (void)display; (void)error; return 0; }

/// Brings another program's X11 window `id` to the front on the display in $DISPLAY:
/// asks the window manager to activate it (EWMH _NET_ACTIVE_WINDOW, as a pager does,
/// which also restores it from minimized) and, for a server without one, maps and
/// raises it. 1 when the window exists and was asked, 0 otherwise.
static inline int shim_x11_activate_window(unsigned long id) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return 0;
    // A window that is gone must not end this process through Xlib's default handler.
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(shim_x11_ignore_error);
    XWindowAttributes attributes;
    int found = XGetWindowAttributes(display, (Window)id, &attributes) != 0;
    if (found) {
        XEvent event;
        memset(&event, 0, sizeof event);
        event.xclient.type = ClientMessage;
        event.xclient.window = (Window)id;
        event.xclient.message_type = XInternAtom(display, "_NET_ACTIVE_WINDOW", False);
        event.xclient.format = 32;
        event.xclient.data.l[0] = 2;  // from a pager: honoured even from another program
        event.xclient.data.l[1] = CurrentTime;
        XSendEvent(display, DefaultRootWindow(display), False, SubstructureRedirectMask | SubstructureNotifyMask, &event);
        XMapRaised(display, (Window)id);
    }
    XSync(display, False);
    XSetErrorHandler(previous);
    XCloseDisplay(display);
    return found;
}

/// Sets the window's names properly on X11: _NET_WM_NAME as UTF-8, and the old
/// WM_NAME / WM_ICON_NAME, where SDL2 stores UTF-8 bytes typed as Latin-1 (which
/// older tools and window managers show garbled): Latin-1 text becomes STRING,
/// anything else COMPOUND_TEXT, as ICCCM asks.
// `utf8` as COMPOUND_TEXT for the legacy WM_NAME: Latin-1 characters as their bytes,
// every run of others in a UTF-8 segment (ESC % G ... ESC % @), as Xlib writes it in
// a UTF-8 locale. Done by hand because Xlib converts through the process's locale,
// and in the "C" locale it silently drops what Latin-1 lacks (the title's em dash).
// Controls other than tab and newline, and malformed bytes, are left out.
// Returns a malloc'ed buffer (free it) and its length, or NULL.
static inline unsigned char *shim_utf8_to_compound_text(const char *utf8, int *outLength) {
    const unsigned char *in = (const unsigned char *)utf8;
    size_t length = strlen(utf8);
    // Worst case: a 2-byte character between ASCII ones takes 2 + 6 escape bytes + 1.
    unsigned char *out = malloc(length * 3 + 8);
    if (out == NULL) return NULL;
    size_t o = 0;
    int inSegment = 0;
    for (size_t i = 0; i < length;) {
        unsigned char c = in[i];
        size_t size = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        int valid = size > 0 && i + size <= length && !(size == 2 && c < 0xC2);
        for (size_t k = 1; valid && k < size; k++) valid = (in[i + k] & 0xC0) == 0x80;
        if (!valid) { i++; continue; }
        unsigned int code = size == 1 ? c : size == 2 ? ((c & 0x1Fu) << 6) | (in[i + 1] & 0x3Fu) : 0x100;
        int latin1 = code < 0x100;
        if (latin1 && inSegment) { memcpy(out + o, "\033%@", 3); o += 3; inSegment = 0; }
        if (latin1) {
            if ((code >= 0x20 && code < 0x7F) || code >= 0xA0 || code == '\t' || code == '\n') out[o++] = (unsigned char)code;
        } else {
            if (!inSegment) { memcpy(out + o, "\033%G", 3); o += 3; inSegment = 1; }
            memcpy(out + o, in + i, size);
            o += size;
        }
        i += size;
    }
    if (inSegment) { memcpy(out + o, "\033%@", 3); o += 3; }
    *outLength = (int)o;
    return out;
}

static inline void shim_x11_set_title(SDL_Window *window, const char *utf8) {
    Display *display = NULL;
    Window xwindow = shim_x11_window(window, &display);
    if (xwindow == 0) return;
    // _NET_WM_NAME as UTF-8 bytes, written directly: SDL2 converts through the C
    // locale first and, in the "C" locale, silently leaves the old name there.
    Atom utf8String = XInternAtom(display, "UTF8_STRING", False);
    Atom netName = XInternAtom(display, "_NET_WM_NAME", False);
    Atom netIconName = XInternAtom(display, "_NET_WM_ICON_NAME", False);
    int length = (int)strlen(utf8);
    XChangeProperty(display, xwindow, netName, utf8String, 8, PropModeReplace, (const unsigned char *)utf8, length);
    XChangeProperty(display, xwindow, netIconName, utf8String, 8, PropModeReplace, (const unsigned char *)utf8, length);
    int compoundLength = 0;
    unsigned char *compound = shim_utf8_to_compound_text(utf8, &compoundLength);
    if (compound != NULL) {
        Atom compoundText = XInternAtom(display, "COMPOUND_TEXT", False);
        XChangeProperty(display, xwindow, XA_WM_NAME, compoundText, 8, PropModeReplace, compound, compoundLength);
        XChangeProperty(display, xwindow, XA_WM_ICON_NAME, compoundText, 8, PropModeReplace, compound, compoundLength);
        free(compound);
    }
    XFlush(display);
}

#endif
