import CSDL2
import CX11Desktop
import Localization
import Pictures
import Raster

/// The app's window, presented from our CPU framebuffer.
///
/// Frames go to the window surface (a plain copy, what a software renderer wants),
/// or are drawn straight into it (`directFramebuffer`). If the platform gives no
/// window surface, or one smaller than the window (some HiDPI setups), a streaming
/// texture is used instead.
public final class SDLWindow {
    private let window: OpaquePointer
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)
    private var useTexture = false
    /// The surface (and its memory) the whole canvas was last copied to: only into
    /// that one may a frame copy just its damage.
    private var lastCopiedSurface: UnsafeMutableRawPointer?
    private var lastCopiedPixels: UnsafeMutableRawPointer?
    /// Scratch for presenting damaged rectangles.
    private var presentRects: [SDL_Rect] = Array(repeating: SDL_Rect(), count: 16)
    private let kiosk: Bool
    /// The desktop's scale where the app must apply it itself (X11: `GDK_SCALE`,
    /// `Xft.dpi`); 1 where the window system scales (Wayland: see `pixelScale`).
    public let desktopScale: Float
    /// Whether the window is fullscreen: this object's state, not a flag read back from
    /// SDL (which a window manager may carry out late, or not at all).
    public private(set) var isFullscreen = false
    /// Where the window was before it went fullscreen by hand, to go back there.
    private var windowedFrame: (x: Int32, y: Int32, width: Int32, height: Int32)?
    /// Where the window was before it last went fullscreen (either way), to remember.
    private var lastWindowed: (x: Int32, y: Int32, width: Int32, height: Int32)?

    /// `kiosk`: borderless, and the display is kept awake. `display` (0-based) is the
    /// monitor to open on; nil for the first. `position` is where the window was last
    /// time: used only when enough of the window would show on a display there now
    /// (a monitor unplugged since must not leave it off every screen).
    /// `rememberedDisplay` is the display it was on last time, used when `display` is
    /// nil and that display is still there. `scalesWithDesktop`: `width` and `height`
    /// are in 96-dpi pixels (the app's default size), to be multiplied by the
    /// desktop's scale on X11; otherwise they are the window system's own units (a
    /// size remembered from last time).
    /// `fitsDisplay`: the size is only a wish (the first launch's default, or what was
    /// remembered), so it shrinks to fit the display's usable area (a portrait screen
    /// is narrower than the default) and, with no place to go back to, is centred there.
    public init(title: String, width: Int, height: Int, fullscreen: Bool, kiosk: Bool = false, display: Int? = nil,
                position: (x: Int, y: Int)? = nil, rememberedDisplay: Int? = nil,
                scalesWithDesktop: Bool = false, fitsDisplay: Bool = false) throws(PlatformError) {
        try SDLRuntime.startVideo(keepDisplayAwake: kiosk)
        desktopScale = DesktopScale.current()
        let displays = Int(SDL_GetNumVideoDisplays())
        if let display, display >= displays {
            // TRANSLATORS: --display asked for a display this machine lacks: its number, how many there are, the highest to choose.
            throw PlatformError(tr("there is no display %d: this machine has %d; choose 1 to %d", display + 1, displays, max(1, displays)))
        }
        let index = Int32(display ?? rememberedDisplay.flatMap { $0 < displays ? $0 : nil } ?? 0)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if kiosk {
            // Kept above other windows (_NET_WM_STATE_ABOVE), where a desktop session's
            // window manager would let another one cover it.
            flags |= SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue
        }
        let centered = shim_SDL_WINDOWPOS_CENTERED_DISPLAY(index)
        var x = centered, y = centered
        var width = scalesWithDesktop ? Int((Float(width) * desktopScale).rounded()) : width
        var height = scalesWithDesktop ? Int((Float(height) * desktopScale).rounded()) : height
        var usable = SDL_Rect()
        if fitsDisplay, SDL_GetDisplayUsableBounds(index, &usable) == 0, usable.w > 0, usable.h > 0 {
            let fitted = Self.fit(width: width, height: height, into: (Int(usable.w), Int(usable.h)))
            (width, height) = (fitted.width, fitted.height)
            if position == nil {
                // Centred in what panels leave, its title bar included (SDL's own
                // centring uses the whole display, under a panel or off a portrait edge).
                x = usable.x + (usable.w - Int32(width)) / 2
                y = usable.y + max(0, (usable.h - Int32(height) - Int32(Self.decorationAllowance.height)) / 2)
            }
        }
        if let position, Self.showsOnSomeDisplay(x: position.x, y: position.y, width: width, height: height) {
            x = Int32(clamping: position.x)
            y = Int32(clamping: position.y)
        }
        // Always opened as an ordinary window first, so leaving fullscreen has a size
        // and place to return to.
        guard let created = SDL_CreateWindow(title, x, y, Int32(width), Int32(height), flags) else {
            // TRANSLATORS: %s is SDL's own reason (in English).
            throw PlatformError(tr("cannot open a window (%s)", SDLRuntime.lastError()))
        }
        window = created
        self.kiosk = kiosk
        // The smallest window the layout is made for, as large to the eye at any scale.
        SDL_SetWindowMinimumSize(created, Int32((480 * desktopScale).rounded()), Int32((360 * desktopScale).rounded()))
        // On every desktop: switching desktops (Ctrl+Alt+Right) must not leave a kiosk behind.
        if kiosk { xd_show_on_every_desktop(created) }
        if fullscreen { setFullscreen(true) }
    }

    /// Brings a kiosk's window back in front after the window manager minimized or
    /// hid it, or gave the focus to something else: shown again, raised and focused.
    /// (A desktop session's manager keys can do all of that; a kiosk belongs under
    /// cage, where nothing can.)
    public func bringForward() {
        let flags = SDL_GetWindowFlags(window)
        if flags & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0 {
            SDL_RestoreWindow(window)
            SDL_ShowWindow(window)
        }
        SDL_RaiseWindow(window)
    }

    /// Room left around a fitted window for a window manager's frame and title bar
    /// (not known before the window exists).
    static let decorationAllowance = (width: 16, height: 48)

    /// `width` x `height` made to fit an area of `area`: a side that fits is kept (a
    /// 1280x720 window on a 1280x800 screen stays so), one that does not shrinks to the
    /// area less room for the window's frame, never below the minimum (480 x 360).
    static func fit(width: Int, height: Int, into area: (width: Int, height: Int)) -> (width: Int, height: Int) {
        (width <= area.width ? width : max(480, area.width - decorationAllowance.width),
         height <= area.height ? height : max(360, area.height - decorationAllowance.height))
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
    }

    /// The window's X11 id (another launch brings it to the front by it), nil elsewhere.
    public var x11WindowID: UInt? {
        let id = xd_window_id(window)
        return id == 0 ? nil : UInt(id)
    }

    /// Brings another process's X11 window to the front (see `x11WindowID`); false when
    /// there is no such window on this display.
    public static func bringToFront(x11Window id: UInt, ownedBy processID: Int32) -> Bool {
        xd_activate_window(CUnsignedLong(id), CLong(processID)) != 0
    }

    /// Where the window is on the screen, in screen coordinates (0, 0 where the window
    /// system does not say, as on Wayland).
    public var screenPosition: (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return (Int(x), Int(y))
    }

    /// The window has the keyboard's focus.
    public var hasInputFocus: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 }

    /// SDL's id for the window, which synthetic events must carry.
    public var id: UInt32 { SDL_GetWindowID(window) }

    /// The window's size in screen coordinates (what mouse events use).
    public var logicalSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's size in pixels, as the window system will show it: larger than
    /// `logicalSize` on a scaled Wayland output (a 2x output: twice as large).
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The size in pixels to draw at: the window surface's where it has every pixel,
    /// else the window's pixel size (drawn through a texture). SDL 2.26 makes a Wayland
    /// window's surface in points, half a 2x output's pixels: drawing into it would be
    /// blurred up by the compositor, so there a texture of the full size is used.
    public var drawableSize: (width: Int, height: Int) {
        let pixels = pixelSize
        if !useTexture, let surface = SDL_GetWindowSurface(window) {
            let size = (Int(surface.pointee.w), Int(surface.pointee.h))
            if size.0 >= pixels.width { return size }
        }
        if let renderer {
            var w: Int32 = 0, h: Int32 = 0
            if SDL_GetRendererOutputSize(renderer, &w, &h) == 0 && w > 0 && h > 0 { return (Int(w), Int(h)) }
        }
        return pixels
    }

    /// Pixels per screen coordinate (1 on ordinary screens, 2 on many HiDPI ones).
    public var pixelScale: (x: Float, y: Float) {
        let logical = logicalSize, drawable = drawableSize
        return (Float(drawable.width) / Float(max(1, logical.width)), Float(drawable.height) / Float(max(1, logical.height)))
    }

    /// Drawable pixels per 96-dpi pixel: the desktop's scale times the window
    /// system's own (a Wayland 2x output gives a 2x drawable).
    public var density: Float { desktopScale * max(1, pixelScale.x) }

    /// The refresh rate of the window's display in Hz (60 when unknown).
    public var refreshRate: Int {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Int(mode.refresh_rate)
    }

    public var isMinimized: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_MINIMIZED.rawValue != 0 }

    /// Whether something will carry out a fullscreen request. A bare X server with no
    /// window manager (a kiosk, a test display) and SDL's offscreen driver have nobody
    /// to do it: SDL then believes the window has the display's size while it keeps
    /// its old one, and never gets it back on leaving.
    private var windowManagerCarriesFullscreen: Bool {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if driver == "offscreen" || driver == "dummy" { return false }
        return xd_has_window_manager(window) != 0
    }

    /// Enters or leaves fullscreen on the window's display. Where no window manager
    /// would do it, the window is made borderless and laid over the display by hand.
    public func setFullscreen(_ on: Bool) {
        guard on != isFullscreen else { return }
        if on { lastWindowed = currentFrame }
        isFullscreen = on
        if windowManagerCarriesFullscreen {
            SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            return
        }
        if on {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowPosition(window, &x, &y)
            SDL_GetWindowSize(window, &w, &h)
            windowedFrame = (x, y, w, h)
            var bounds = SDL_Rect()
            guard SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(window)), &bounds) == 0 else { return }
            SDL_SetWindowBordered(window, SDL_FALSE)
            SDL_SetWindowPosition(window, bounds.x, bounds.y)
            SDL_SetWindowSize(window, bounds.w, bounds.h)
        } else if let frame = windowedFrame {
            SDL_SetWindowBordered(window, kiosk ? SDL_FALSE : SDL_TRUE)
            SDL_SetWindowSize(window, frame.width, frame.height)
            SDL_SetWindowPosition(window, frame.x, frame.y)
            windowedFrame = nil
        }
    }

    /// The window's place and size as an ordinary window (while fullscreen, where it
    /// was before), and the display it is on (0-based): what the next launch reopens.
    public var windowedPlacement: (x: Int, y: Int, width: Int, height: Int, display: Int) {
        let frame = isFullscreen ? (lastWindowed ?? currentFrame) : currentFrame
        return (Int(frame.x), Int(frame.y), Int(frame.width), Int(frame.height), Int(max(0, SDL_GetWindowDisplayIndex(window))))
    }

    /// Where the window's frame is (its content's place less the window manager's
    /// title bar and border: a window asked to open at a place is put there frame
    /// and all, so saving the content's place would creep down a bar each launch).
    private var currentFrame: (x: Int32, y: Int32, width: Int32, height: Int32) {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GetWindowSize(window, &w, &h)
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        if SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0 {
            x -= left
            y -= top
        }
        return (x, y, w, h)
    }

    /// True when at least 100 x 50 pixels of a window there (its top, where the title
    /// bar is to drag it by) fall on one of the displays connected now.
    public static func showsOnSomeDisplay(x: Int, y: Int, width: Int, height: Int) -> Bool {
        let needX = min(100, width), needY = min(50, height)
        for index in 0..<max(0, SDL_GetNumVideoDisplays()) {
            var bounds = SDL_Rect()
            guard SDL_GetDisplayBounds(index, &bounds) == 0 else { continue }
            let overlapX = min(x + width, Int(bounds.x + bounds.w)) - max(x, Int(bounds.x))
            let overlapY = min(y + min(height, 50), Int(bounds.y + bounds.h)) - max(y, Int(bounds.y))
            if overlapX >= needX && overlapY >= needY { return true }
        }
        return false
    }

    public func toggleFullscreen() {
        setFullscreen(!isFullscreen)
    }

    /// Sets the title as UTF-8 everywhere: through SDL, and on X11 both names by hand
    /// (SDL2 garbles the old WM_NAME and, in the C locale, skips _NET_WM_NAME).
    public func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
        xd_set_title(window, title)
    }

    /// Shows `icon` (straight RGBA) as the window's icon, for the title bar, the task
    /// switcher and the dock; on X11 it becomes the window's `_NET_WM_ICON`. SDL copies
    /// the pixels, so the bitmap need not outlive the call.
    public func setIcon(_ icon: PictureBitmap) {
        var pixels = icon.pixels
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress,
                  let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    base, Int32(icon.width), Int32(icon.height), 32, Int32(icon.width * 4), SDL_PIXELFORMAT_RGBA32.rawValue)
            else { return }
            SDL_SetWindowIcon(window, surface)
            SDL_FreeSurface(surface)
        }
    }

    /// The window's title, as SDL holds it.
    public var title: String {
        SDL_GetWindowTitle(window).map { String(cString: $0) } ?? ""
    }

    public func minimize() { SDL_MinimizeWindow(window) }
    public func restore() { SDL_RestoreWindow(window) }

    /// Resizes the window (headless scripts: a display changing size).
    public func setSize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(width), Int32(height))
    }

    public func setCursorVisible(_ visible: Bool) {
        SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }

    /// The window surface's memory, when it can be drawn into directly: 32 bits a
    /// pixel with red, green and blue where the canvas keeps them (XRGB or ARGB8888).
    /// Valid until the window is resized.
    public func directFramebuffer() -> (pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int)? {
        guard !useTexture, let surface = SDL_GetWindowSurface(window), let memory = surface.pointee.pixels,
              let format = surface.pointee.format?.pointee,
              format.BytesPerPixel == 4, format.Rmask == 0x00FF_0000, format.Gmask == 0x0000_FF00, format.Bmask == 0x0000_00FF,
              shim_SDL_MUSTLOCK(surface) == SDL_FALSE, Int(surface.pointee.w) >= pixelSize.width
        else { return nil }
        return (memory.assumingMemoryBound(to: UInt32.self), Int(surface.pointee.w), Int(surface.pointee.h),
                Int(surface.pointee.pitch) / 4)
    }

    /// Shows what was drawn into `directFramebuffer()`.
    @discardableResult
    public func presentDirect() -> Bool {
        SDL_UpdateWindowSurface(window) == 0
    }

    /// Shows only `rects` of what was drawn into `directFramebuffer()` (the rest of the
    /// window already shows what the surface holds there).
    @discardableResult
    public func presentDirect(_ rects: [PixelRect]) -> Bool {
        guard !rects.isEmpty else { return true }
        if rects.count > presentRects.count { presentRects = Array(repeating: SDL_Rect(), count: rects.count) }
        for (index, rect) in rects.enumerated() {
            presentRects[index] = SDL_Rect(x: Int32(clamping: rect.x), y: Int32(clamping: rect.y),
                                           w: Int32(clamping: rect.width), h: Int32(clamping: rect.height))
        }
        return presentRects.withUnsafeBufferPointer { buffer in
            SDL_UpdateWindowSurfaceRects(window, buffer.baseAddress, Int32(rects.count)) == 0
        }
    }

    /// Copies `rects` of the canvas to the window and shows them. When the window's
    /// surface is not the one presented to last time (SDL made a new one), or a
    /// texture is in use, the whole canvas goes.
    @discardableResult
    public func present(_ canvas: Canvas, rects: [PixelRect]) -> Bool {
        guard !rects.isEmpty else { return true }
        guard !useTexture, let surface = SDL_GetWindowSurface(window), let target = surface.pointee.pixels,
              UnsafeMutableRawPointer(surface) == lastCopiedSurface, target == lastCopiedPixels,
              Int(surface.pointee.w) == canvas.width, Int(surface.pointee.h) == canvas.height,
              shim_SDL_MUSTLOCK(surface) == SDL_FALSE
        else { return present(canvas) }
        let pitch = Int(surface.pointee.pitch)
        for rect in rects {
            let area = rect.intersection(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
            guard !area.isEmpty else { continue }
            for row in area.y..<area.maxY {
                (target + row * pitch + area.x * 4).copyMemory(from: canvas.pixels + row * canvas.stride + area.x, byteCount: area.width * 4)
            }
        }
        return presentDirect(rects)
    }

    /// Copies the canvas to the window and shows it. A canvas whose size no longer
    /// matches the window (a resize is in flight) is skipped; the next frame fits.
    @discardableResult
    public func present(_ canvas: Canvas) -> Bool {
        if !useTexture, let surface = SDL_GetWindowSurface(window) {
            let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
            if width >= pixelSize.width {
                guard width == canvas.width, height == canvas.height, let target = surface.pointee.pixels else { return false }
                let pitch = Int(surface.pointee.pitch)
                let locked = shim_SDL_MUSTLOCK(surface) == SDL_TRUE
                if locked { SDL_LockSurface(surface) }
                for row in 0..<height {
                    (target + row * pitch).copyMemory(from: canvas.pixels + row * canvas.stride, byteCount: width * 4)
                }
                if locked { SDL_UnlockSurface(surface) }
                lastCopiedSurface = UnsafeMutableRawPointer(surface)
                lastCopiedPixels = target
                return SDL_UpdateWindowSurface(window) == 0
            }
            useTexture = true
        }
        return presentThroughTexture(canvas)
    }

    private func presentThroughTexture(_ canvas: Canvas) -> Bool {
        if renderer == nil {
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let renderer else { return false }
        if texture == nil || textureSize != (canvas.width, canvas.height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(canvas.width), Int32(canvas.height))
            textureSize = (canvas.width, canvas.height)
        }
        guard let texture else { return false }
        SDL_UpdateTexture(texture, nil, canvas.pixels, Int32(canvas.stride * 4))
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
        return true
    }
}

/// The system clipboard and text input (IME) state, through SDL.
public enum SDLTextServices {
    public static var clipboardText: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let text = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(text) }
            return String(cString: text)
        }
        set {
            SDL_SetClipboardText(newValue ?? "")
        }
    }

    /// Turns text input on while a text field has focus (and places the IME's window
    /// at `rect`, in window pixels), off otherwise, so on-screen keyboards come and go.
    public static func setTextInput(active: Bool, rect: (x: Int, y: Int, width: Int, height: Int)?) {
        if active {
            if SDL_IsTextInputActive() != SDL_TRUE { SDL_StartTextInput() }
            if let rect {
                var area = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
                SDL_SetTextInputRect(&area)
            }
        } else if SDL_IsTextInputActive() == SDL_TRUE {
            SDL_StopTextInput()
        }
    }
}
