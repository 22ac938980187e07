// swift-tools-version:6.0
// StressPunch for Linux: a stress-relief punching app drawn by our own software
// renderer on SDL2, with its library of targets in SQLite.
import PackageDescription

let package = Package(
    name: "StressPunch",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "stresspunch", targets: ["stresspunch"]),
        .executable(name: "stresspunch-bench", targets: ["stresspunch-bench"]),
    ],
    targets: [
        // C: SDL2 with SDL2_image, SDL2_mixer and SDL2_ttf, plus a shim header for the
        // macros and variadic calls Swift cannot import. Platform, PictureCodecs, TextServices and SDLSupport import it.
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-mixer-dev", "libsdl2-ttf-dev"])]
        ),
        // C: Xlib for what SDL2 gets wrong on X11 (the desktop's scale, whether a window
        // manager runs, a kiosk on every desktop, raising the running instance, titles
        // legacy tools read right), in a real C file built with every warning on. Only
        // Platform imports it; each call does nothing on another video driver.
        .target(
            name: "CX11Desktop",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],  // a warning fails the build
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("SDL2")]),
        // C: SQLite 3, with a shim for SQLITE_TRANSIENT and friends. Only TargetStore imports it.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // C: fontconfig, to find the system's sans-serif, bold and emoji font files. Only TextServices imports it.
        .systemLibrary(
            name: "CFontconfig",
            path: "Sources/CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // C: what the text services need from fontconfig (the best font for one
        // character) and GNU FriBidi (a paragraph's embedding levels, with its
        // bracket-pair rule) in one call each, in a real C file built with every
        // warning on. Only TextServices imports it.
        .target(
            name: "CTextLookup",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],  // a warning fails the build
            linkerSettings: [.linkedLibrary("fontconfig"), .linkedLibrary("fribidi")]),
        // C: HarfBuzz and FreeType: shaping a run (Arabic joining, marks, ligatures) and
        // rasterizing the glyphs it picks by index, which SDL2_ttf 2.20 cannot. Only TextServices imports it.
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev"])]),

        // C: the bounded picture decoders, real C files built with every warning on:
        // libjpeg-turbo's libjpeg API (DCT scaling straight to the shown size, a scan
        // limit, a time budget, a memory cap, CMYK converted right), libpng (rows averaged
        // down as they are read, a time budget, capped ancillary chunks), giflib (the
        // first frame: SDL2_image's GIF reader crashed on a fuzzed file) and libwebp (its
        // own rescaler; the bench's test photo and anchor). The libraries report errors
        // by longjmp, which Swift cannot catch, so each decode runs whole here. Only
        // Platform and the bench import it.
        .target(
            name: "CPictureDecoders",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],  // a warning fails the build
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("gif"),
                             .linkedLibrary("webp"), .linkedLibrary("webpdemux")]),

        // C: libjpeg-turbo's TurboJPEG API, for writing stored photos from RGBA in one
        // call, and the bench's scaled-decode anchor. Only Platform and the bench import it.
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),

        // C: pixman, the anchor the bench measures our affine blit against. Only the bench imports it.
        .systemLibrary(name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),

        // C: cairo's image backend, the anchor the bench draws the real punch screen against. Only the bench imports it.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),

        // C: libsodium's password hashing, for the kiosk operator PIN. Only OperatorLock imports it.
        .systemLibrary(name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),

        // C: libpq, PostgreSQL's client library, for the fleet server. Only PostgresClient imports it.
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // C: ATK, atk-bridge and GIO (what GTK 3 uses to speak AT-SPI), for the accessibility
        // bridge's C file; only CAccessibilityBridge uses it.
        .systemLibrary(
            name: "CATK", path: "Sources/CATK", pkgConfig: "atk-bridge-2.0",
            providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]),
        // C: the app's widgets as ATK objects on a GLib thread of their own, registered with
        // atk-bridge when the desktop asks for accessibility, in a real C file built with
        // every warning on. Only Accessibility imports it.
        .target(
            name: "CAccessibilityBridge", dependencies: ["CATK"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],  // a warning fails the build
            linkerSettings: [.linkedLibrary("atk-bridge-2.0"), .linkedLibrary("atk-1.0"), .linkedLibrary("gio-2.0"),
                             .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0")]),

        // Locked<Value>: a value threads share behind a pthread mutex, which
        // ThreadSanitizer can follow (the standard library's Mutex it cannot). Most
        // shared state uses it; a lock a call re-enters (SQLite's connection, the font
        // engine) or one a thread waits on (the lockstep clock) is Foundation's.
        .target(name: "Locking"),

        // C: glibc's gettext (libintl.h, which the Glibc module leaves out) and setlocale.
        // Only Localization imports it.
        .systemLibrary(name: "CGettext", path: "Sources/CGettext"),

        // The language the app speaks: tr/trc/trn over gettext and the catalogs
        // po/ compiles, the language from the environment or the `language` setting, the
        // pseudo-locale, right-to-left, and numbers and dates in the user's locale.
        .target(name: "Localization", dependencies: ["CGettext", "Locking"]),

        // The model and its rules: StressTarget, the favorite rule, validation, the
        // built-in catalog, easing, the fixed timestep, seeded randomness. Pure Swift.
        .target(name: "StressCore", dependencies: ["Localization"]),

        // C: zlib's inflate, capped, for the compressed text chunks of PNGs (an EXIF or
        // XMP orientation kept in them), in a real C file built with every warning on.
        // Only Pictures imports it.
        .target(
            name: "CInflate",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],  // a warning fails the build
            linkerSettings: [.linkedLibrary("z")]),

        // Pictures as files and pixels: header sniffing, the size and pixel caps, the
        // import rules, EXIF orientation, downscaling, the codec protocol and the
        // import errors. Swift, and zlib for PNG text; Platform supplies the codec.
        .target(name: "Pictures", dependencies: ["Localization", "CInflate"]),

        // SQLite in general, nothing of the library's: a connection with typed errors
        // (WAL, a busy timeout, closure-scoped transactions, limits for untrusted files),
        // rows and values, and the migrator that brings a schema up to date.
        .target(name: "SQLiteDatabase", dependencies: ["CSQLite"]),

        // The library on disk: its schema and migrations, the target store, backups and
        // archives, and picture files by id under <data-dir>/images.
        .target(name: "TargetStore", dependencies: ["Localization", "StressCore", "Pictures", "SQLiteDatabase", "CSodium", "Locking"]),

        // Pixel kernels in C with AVX2 variants chosen at run time (the build stays baseline
        // x86-64; Swift cannot mark one function for AVX2), giving the Swift code's exact pixels.
        .target(name: "CRasterKernels"),

        // The software renderer: Canvas (premultiplied framebuffer), clipping, compositing,
        // anti-aliased shapes and paths, image blits, glyph-mask text, band-parallel
        // execution. No SDL, no files.
        .target(name: "Raster", dependencies: ["Locking", "CRasterKernels"]),

        // CPU fragment programs the rasterizer runs: bilinear texture sampling under the
        // squash transform, linear and radial gradients, vignette, impact flash, shadows.
        .target(name: "Shaders", dependencies: ["Raster", "CRasterKernels"], path: "Shaders"),

        // The kiosk operator PIN: salted memory-hard hash (libsodium), checking off the
        // frame path, the lockout rule, the lockout saved in the library.
        .target(name: "OperatorLock", dependencies: ["Localization", "CSodium", "TargetStore", "StressCore", "Locking"]),

        // Plain values for what the user did (pointer, fingers, keys, text, drops,
        // gamepads, window changes), shared by Platform, the UI and the app.
        .target(name: "Input"),

        // What every module calling SDL shares: giving back SDL's per-thread error state
        // off the main thread, and C libraries' stderr chatter kept quiet.
        .target(name: "SDLSupport", dependencies: ["CSDL2", "Locking"]),

        // Text: fonts found by fontconfig and rasterized by SDL2_ttf (the glyph source the
        // renderer draws with), fallback fonts, and lines shaped by HarfBuzz in FriBidi's
        // order. The only module importing CFontconfig, CTextLookup and CHarfBuzz.
        .target(name: "TextServices", dependencies: ["Localization", "CSDL2", "CFontconfig", "CTextLookup", "CHarfBuzz", "SDLSupport", "Raster", "Locking"]),

        // The picture codec: the bounded C decoders (libjpeg, libpng, giflib, libwebp),
        // TurboJPEG for stored photos, SDL2_image for the other formats and PNG writing.
        .target(name: "PictureCodecs", dependencies: ["Localization", "CSDL2", "CPictureDecoders", "CTurboJPEG", "SDLSupport", "Pictures", "Locking"]),

        // The SDL platform: the window and presenting frames, input translation, gamepads
        // and rumble, SDL_mixer audio, the desktop's scale. Knows nothing of the library,
        // the picture formats or the text stack.
        .target(name: "Platform", dependencies: ["Localization", "CSDL2", "CX11Desktop", "SDLSupport", "Pictures", "Input", "Raster", "Locking"]),

        // Immediate-mode UI: ids, hot/active/focus, layout, widgets (button, toggle, text field,
        // virtualized scroll lists and grids, modal, toast) emitting plain draw commands, and a
        // renderer that executes them with Raster and Shaders. No SDL.
        .target(name: "ImmediateUI", dependencies: ["Localization", "Raster", "Shaders", "Input"]),

        // What the rooms of a running app share: the library in memory, the one owner
        // of its writes (targets, punches, marks) with their background saves, decoded
        // pictures, the layout, the pages, requests to the platform. No UI toolkit.
        .target(name: "AppModel", dependencies: ["Localization", "StressCore", "TargetStore", "Pictures", "Raster", "Input", "Locking"]),

        // The seam a policy (the desktop's or the kiosk's) plugs into the session by:
        // what a policy may see and do (SessionControl), the points it is consulted at
        // (SessionPolicy, some of which build UI), and the desktop's answers.
        .target(name: "PolicySeam", dependencies: ["Localization", "AppModel", "ImmediateUI", "Input", "Raster"]),

        // The punch scene: what a punch does (the squash, shake, flash and sprites),
        // and drawing the main screen. Punches are counted and saved by the library (AppModel).
        .target(name: "PunchScene", dependencies: ["Localization", "AppModel", "StressCore", "Raster", "Shaders", "CRasterKernels", "Input", "Locking"]),

        // The library's screens: the favorites bar, every target, Manage, the Add / Edit
        // form, the picture picker and the stats, each built with the immediate-mode UI.
        .target(name: "LibraryUI", dependencies: ["Localization", "AppModel", "StressCore", "TargetStore", "Pictures", "Raster", "ImmediateUI"]),

        // The help overlay: what every input does on each page, by device (F1, ?, a pad's Back).
        .target(name: "Help", dependencies: ["Localization", "AppModel", "ImmediateUI", "Raster"]),

        // Kiosk mode behind one seam: the policy the session consults, the operator
        // gate, PIN pad and menu, the idle reset with its attract loop, the preferences.

        .target(name: "Kiosk", dependencies: ["Localization", "AppModel", "PolicySeam", "OperatorLock", "TargetStore", "StressCore", "Raster", "Input", "ImmediateUI"]),

        // The games on the punch screen and their cards: the 30-second rush, versus, the
        // session summary and its breathing cool-down.
        .target(name: "Challenges", dependencies: ["Localization", "AppModel", "StressCore", "Raster", "ImmediateUI"]),

        // The session: composes the punch scene, the library screens and a policy into
        // one frame contract (`frame(FrameInput) -> FrameOutput`). Platform-free.
        .target(name: "StressPunchApp", dependencies: ["Localization", "AppModel", "PolicySeam", "PunchScene", "LibraryUI", "Challenges", "Help", "StressCore", "TargetStore", "Pictures", "Raster", "Input", "ImmediateUI"]),

        // The app's side of the screen-reader bridge: each frame's accessible tree handed to
        // the C bridge when it changed and someone listens, and what a screen reader asks
        // back collected as input events.
        .target(name: "Accessibility", dependencies: ["Localization", "CAccessibilityBridge", "ImmediateUI", "Input", "Locking", "Raster"]),

        // What one launch of the app asks for (`AppOptions`: the data folder, the window's
        // size, kiosk mode, one run's overrides, a recording): plain values the command line
        // makes and AppShell runs, apart so the command line links nothing of the app.
        .target(name: "LaunchOptions"),

        // The wiring of a running app: platform objects joined to the session, the
        // real-time loop, recording a user's input, and the headless script format
        // and runner (used by the CLI and the bench).
        .target(name: "AppShell", dependencies: ["Localization", "Accessibility", "Platform", "TextServices", "PictureCodecs", "StressPunchApp", "Challenges", "Kiosk", "AppModel", "PolicySeam", "LibraryUI", "StressCore", "TargetStore", "Pictures", "Raster", "Input", "Assets", "ImmediateUI", "Locking", "LaunchOptions"]),

        // One connection to a PostgreSQL server over libpq's asynchronous calls, each with a
        // deadline of its own (a hung server never hangs the caller); typed errors.
        .target(name: "PostgresClient", dependencies: ["CPostgres"]),

        // The fleet of kiosks on PostgreSQL: the server's schema and functions, the admin
        // commands, the join file, and the kiosk's join, status, leave and sync rounds.
        .target(name: "Fleet", dependencies: ["Localization", "PostgresClient", "TargetStore"]),

        // The command line: usage, the parser and what a command line asks for. Runs
        // nothing; a library of its own so the fuzzer can drive the parser, on plain
        // modules only (no SDL, no app), so the fuzzer links none of the app.
        .target(name: "CommandLineInterface", dependencies: ["Localization", "LaunchOptions", "StressCore"]),

        // The executable: carries out what the command line asked (the `targets`,
        // `kiosk`, `library` and `fleet` commands, the app, a headless run).
        .executableTarget(name: "stresspunch", dependencies: ["Localization", "CommandLineInterface", "AppShell", "Kiosk", "StressCore", "TargetStore", "Pictures", "Platform", "PictureCodecs", "OperatorLock", "Locking", "Fleet", "LaunchOptions"]),

        // Built-in target pictures, the punch sprite, the icon and the sounds, with a public
        // lookup of their URLs (made by asset-forge, committed; never generated at run time).
        .target(
            name: "Assets", dependencies: ["StressCore"], path: "Assets", exclude: ["README.md", "contact-sheet.png"],
            resources: [.copy("Pictures"), .copy("Sounds")]),

        // Draws the pictures with Raster and Shaders and synthesizes the sounds into Assets/:
        // `swift run asset-forge`. Deterministic: the same files every run.
        .executableTarget(name: "asset-forge", dependencies: ["Raster", "Shaders", "PictureCodecs", "Pictures", "StressCore"]),

        // Benchmarks against raw SDL2, pixman, cairo, TurboJPEG and libwebp anchors (`swift run -c release stresspunch-bench`).
        .executableTarget(name: "stresspunch-bench", dependencies: ["Raster", "Shaders", "CSDL2", "CPixman", "CCairo", "CTurboJPEG", "CPictureDecoders", "AppShell", "Platform", "PictureCodecs", "TargetStore", "Pictures", "PunchScene", "StressCore", "StressPunchApp", "AppModel", "ImmediateUI", "Locking", "Assets", "Kiosk", "LaunchOptions"]),

        // Fuzzing: the loop that runs one entry point (libFuzzer's when built by `make fuzz`,
        // a replay of files otherwise), and the entry points: picture bytes through the
        // import rules and the bounded decode, headless scripts, library files, argument vectors.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-picture", dependencies: ["FuzzSupport", "Pictures", "PictureCodecs"], path: "Fuzz/Targets/picture"),
        .executableTarget(name: "fuzz-script", dependencies: ["FuzzSupport", "AppShell"], path: "Fuzz/Targets/script"),
        .executableTarget(name: "fuzz-library", dependencies: ["FuzzSupport", "TargetStore"], path: "Fuzz/Targets/library"),
        .executableTarget(name: "fuzz-command-line", dependencies: ["FuzzSupport", "CommandLineInterface", "StressCore"], path: "Fuzz/Targets/command-line"),

        // Shared test helpers (temporary folders, a tiny PNG writer and codec, running the
        // binary). An ordinary target so several test targets can use it; it links no SDL.
        .target(name: "TestSupport", dependencies: ["Pictures"], path: "Tests/TestSupport"),

        // What the rendering tests share: a fake font, canvas bytes, the golden check.
        .target(name: "RenderTestSupport", dependencies: ["Raster", "TestSupport"], path: "Tests/RenderTestSupport"),

        .testTarget(name: "StressCoreTests", dependencies: ["StressCore", "Localization"]),
        // Message formatting, the pseudo-locale and choosing a language, without changing the process's language.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport", "RenderTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ShadersTests", dependencies: ["Shaders", "Raster", "CRasterKernels", "TestSupport", "RenderTestSupport"], exclude: ["Golden"]),
        // The UI on its command lists and layout, plus one golden panel drawn with a fake font.
        .testTarget(name: "ImmediateUITests", dependencies: ["ImmediateUI", "Raster", "Input", "TestSupport", "RenderTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "TestSupport"]),
        .testTarget(name: "TargetStoreTests", dependencies: ["TargetStore", "SQLiteDatabase", "Pictures", "StressCore", "TestSupport"]),
        .testTarget(name: "OperatorLockTests", dependencies: ["OperatorLock", "TargetStore", "StressCore", "TestSupport"]),
        .testTarget(name: "PunchSceneTests", dependencies: ["PunchScene", "AppModel", "Pictures", "StressCore", "TargetStore", "Raster", "Shaders", "Input", "TestSupport", "RenderTestSupport"]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "StressCore", "AppModel", "Raster"]),
        // The session and its screens without a window: widgets found by their label
        // in the command list, pressed, and the screen that follows checked.
        .testTarget(name: "StressPunchAppTests", dependencies: ["StressPunchApp", "AppModel", "PolicySeam", "LibraryUI", "Challenges", "Kiosk", "StressCore", "TargetStore", "Pictures", "Raster", "Input", "ImmediateUI", "OperatorLock", "TestSupport", "RenderTestSupport", "TextServices"]),
        // The headless script format and recording a user's input into it.
        .testTarget(name: "AppShellTests", dependencies: ["AppShell", "Input", "TestSupport"]),
        // Fonts, shaping and bidi with the real libraries, and a golden of the world's text.
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "TextServices", "PictureCodecs", "CPictureDecoders", "CX11Desktop", "Pictures", "Raster", "Locking", "TestSupport", "RenderTestSupport"], exclude: ["Golden", "Fixtures"]),
        // Checks the shipped files by reading PNG and WAV bytes by hand (no SDL linked).
        .testTarget(name: "AssetsTests", dependencies: ["Assets", "StressCore"]),
        // Drives the built `stresspunch` executable as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "Localization", "StressCore"], exclude: ["Golden", "ScreenReader"]),
        // The fleet against a real PostgreSQL 15 the tests start themselves (initdb as an
        // unprivileged user, TLS, a loopback port), driven through the real executable.
        .testTarget(name: "FleetTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
