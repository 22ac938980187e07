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
        // macros and variadic calls Swift cannot import. Only Platform imports it.
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-mixer-dev", "libsdl2-ttf-dev"])]
        ),
        // C: SQLite 3, with a shim for SQLITE_TRANSIENT and friends. Only TargetStore imports it.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // C: pixman, the anchor the bench measures our affine blit against. Only the bench imports it.
        .systemLibrary(name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),

        // The model and its rules: StressTarget, the favorite rule, validation, the
        // built-in catalog. Pure Swift, no C imports.
        .target(name: "StressCore"),

        // The core SQLite module: connection, migrations, the target store, picture
        // files under <data-dir>/images and the import rules for user pictures.
        .target(name: "TargetStore", dependencies: ["StressCore", "CSQLite"]),

        // The software renderer: Canvas (premultiplied framebuffer), clipping, compositing,
        // anti-aliased shapes and paths, image blits, glyph-mask text, band-parallel
        // execution. No SDL, no files.
        .target(name: "Raster"),

        // CPU fragment programs the rasterizer runs: bilinear texture sampling under the
        // squash transform, linear and radial gradients, vignette, impact flash, shadows.
        .target(name: "Shaders", dependencies: ["Raster"], path: "Shaders"),

        // Everything SDL: picture decoding and encoding through SDL2_image (and, as the
        // app grows, the window, input, audio and fonts). The only module importing CSDL2.
        .target(name: "Platform", dependencies: ["CSDL2", "TargetStore"]),

        // The executable: command line, `targets` subcommands, wiring and the run loop.
        .executableTarget(name: "stresspunch", dependencies: ["StressCore", "TargetStore", "Platform"]),

        // Renderer benchmarks against raw SDL2 and pixman anchors (`swift run -c release stresspunch-bench`).
        .executableTarget(name: "stresspunch-bench", dependencies: ["Raster", "Shaders", "CSDL2", "CPixman"]),

        // Shared test helpers (temporary folders, a tiny PNG writer, running the binary).
        // An ordinary target so several test targets can use it; it links no SDL.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "StressCoreTests", dependencies: ["StressCore"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ShadersTests", dependencies: ["Shaders", "Raster", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TargetStoreTests", dependencies: ["TargetStore", "TestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "TestSupport"]),
        // Drives the built `stresspunch` executable as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
