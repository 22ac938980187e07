// swift-tools-version:6.0
// Sanitizer canaries: a planted race and a planted leak that ThreadSanitizer and
// LeakSanitizer must report under the project's own flags and suppression files
// (`make sanitize-canaries`). If a suppression grows wide enough to hide them, it
// hides real reports in the app too, and the canary target fails.
import PackageDescription

let package = Package(
    name: "SanitizerCanaries",
    targets: [
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2"),
        .testTarget(name: "CanaryTests", dependencies: ["CSDL2"]),
    ]
)
