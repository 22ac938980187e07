// The X11 calls for what SDL2 gets wrong there (each a no-op on other video drivers):
// the desktop's scale, whether a window manager runs, showing a kiosk on every desktop,
// bringing the running instance forward, and titles legacy tools read right.

#include "X11Desktop.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

/// The window's X display and id, or 0 when it is not an X11 window.
static Window xd_window(struct SDL_Window *window, Display **display) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    return info.info.x11.window;
}

double xd_xft_dpi(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return 0;
    const char *value = XGetDefault(display, "Xft", "dpi");
    double dpi = value ? strtod(value, NULL) : 0;
    XCloseDisplay(display);
    return dpi > 0 ? dpi : 0;
}

int xd_has_window_manager(struct SDL_Window *window) {
    Display *display = NULL;
    if (xd_window(window, &display) == 0) return -1;
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

void xd_show_on_every_desktop(struct SDL_Window *window) {
    Display *display = NULL;
    Window xwindow = xd_window(window, &display);
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

unsigned long xd_window_id(struct SDL_Window *window) {
    Display *display = NULL;
    return (unsigned long)xd_window(window, &display);
}

static int xd_ignore_error(Display *display, XErrorEvent *error) { (void)display; (void)error; return 0; }

/// 1 when window `id` says it belongs to process `pid` (_NET_WM_PID) and its class is ours.
static int xd_is_our_window(Display *display, Window id, long pid) {
    Atom type;
    int format;
    unsigned long count = 0, after = 0;
    unsigned char *value = NULL;
    int ours = 0;
    Atom property = XInternAtom(display, "_NET_WM_PID", False);
    if (XGetWindowProperty(display, id, property, 0, 1, False, XA_CARDINAL, &type, &format, &count, &after, &value) == Success
        && value != NULL && type == XA_CARDINAL && format == 32 && count == 1) {
        ours = (long)*(unsigned long *)value == pid;
    }
    if (value) XFree(value);
    if (!ours) return 0;
    XClassHint hint = {NULL, NULL};
    if (!XGetClassHint(display, id, &hint)) return 0;
    ours = (hint.res_name && strcasecmp(hint.res_name, "stresspunch") == 0)
        || (hint.res_class && strcasecmp(hint.res_class, "stresspunch") == 0);
    if (hint.res_name) XFree(hint.res_name);
    if (hint.res_class) XFree(hint.res_class);
    return ours;
}

int xd_activate_window(unsigned long id, long pid) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return 0;
    // A window that is gone must not end this process through Xlib's default handler.
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(xd_ignore_error);
    XWindowAttributes attributes;
    int found = XGetWindowAttributes(display, (Window)id, &attributes) != 0 && xd_is_our_window(display, (Window)id, pid);
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

unsigned char *xd_utf8_to_compound_text(const char *utf8, int *outLength) {
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

void xd_set_title(struct SDL_Window *window, const char *utf8) {
    Display *display = NULL;
    Window xwindow = xd_window(window, &display);
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
    unsigned char *compound = xd_utf8_to_compound_text(utf8, &compoundLength);
    if (compound != NULL) {
        Atom compoundText = XInternAtom(display, "COMPOUND_TEXT", False);
        XChangeProperty(display, xwindow, XA_WM_NAME, compoundText, 8, PropModeReplace, compound, compoundLength);
        XChangeProperty(display, xwindow, XA_WM_ICON_NAME, compoundText, 8, PropModeReplace, compound, compoundLength);
        free(compound);
    }
    XFlush(display);
}
