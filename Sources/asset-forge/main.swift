// asset-forge draws every shipped picture with Raster and Shaders and synthesizes
// every sound, writing them into Assets/ (the Assets target's resources), plus the
// contact sheet for Assets/README.md. Run it after changing any drawing or sound:
//
//     swift run asset-forge [REPO_ROOT] [--only NAME ...]
//
// The output is deterministic (no clock, no unseeded randomness), so unchanged art
// gives byte-identical files and a clean `git status`. The app never runs this.

import Foundation

do {
    let options = try ForgeOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    let forge = try AssetForge(repositoryRoot: options.repositoryRoot)
    try forge.run(only: options.only)
} catch {
    // Every failure is a ForgeError (typed throws), with a message that says what to do.
    FileHandle.standardError.write(Data("asset-forge: \(error.message)\n".utf8))
    exit(error.exitCode)
}
