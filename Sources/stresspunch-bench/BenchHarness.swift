// The bench's harness: its options, a benchmark and its result, the interleaved
// run of ours against the anchor, and the lines it prints (DESIGN.md's format).

import CSDL2  // PNG dumps of a frame
import Foundation

#if canImport(Glibc)
import Glibc
#endif

struct Options {
    var json = false
    var filter: String?
    var frames = 41
    var dump = false
    var breakdown = false
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--json": options.json = true
        case "--dump": options.dump = true
        case "--breakdown": options.breakdown = true
        case "--filter": options.filter = arguments.next()
        case "--frames":
            if let value = arguments.next().flatMap(Int.init) { options.frames = max(30, value) }
        case "--help", "-h":
            print("usage: stresspunch-bench [--json] [--filter NAME] [--frames N (>= 30)] [--dump] [--breakdown]")
            exit(0)
        default:
            FileHandle.standardError.write("stresspunch-bench: unknown option \(argument); see --help\n".data(using: .utf8) ?? Data())
            exit(2)
        }
    }
    return options
}

/// Monotonic milliseconds.
@inline(__always)
func nowMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

struct Bench {
    let name: String
    let ours: () -> Void
    let anchorName: String?
    let anchor: (() -> Void)?
    /// Goal text for the readable table, and whether a result meets it.
    let goal: String
    let meets: (_ ours: Double, _ ratio: Double?) -> Bool
    /// Threads ours draws on, said in the row when more than one.
    var threads: Int? = nil
    /// More figures for the row, read after it ran (SDL's rotate stage).
    var extras: (() -> [(String, Double)])? = nil

    /// An anchor named `..._floor` does only part of our work: the row says by how much
    /// ours is over it.
    var anchorIsFloor: Bool { anchorName?.hasSuffix("_floor") ?? false }
}

struct Result {
    let bench: Bench
    let ours: Double
    let anchor: Double?
    var extras: [(String, Double)] = []
    var ratio: Double? { anchor.map { ours / $0 } }
}

func run(_ bench: Bench, frames: Int) -> Result {
    // Warm-up: caches, lazily made SDL and pixman state, page faults of fresh buffers.
    for _ in 0..<5 {
        bench.ours()
        bench.anchor?()
    }
    var ours: [Double] = [], anchor: [Double] = []
    ours.reserveCapacity(frames)
    anchor.reserveCapacity(frames)
    for _ in 0..<frames {
        var start = nowMilliseconds()
        bench.ours()
        ours.append(nowMilliseconds() - start)
        if let anchorDraw = bench.anchor {
            start = nowMilliseconds()
            anchorDraw()
            anchor.append(nowMilliseconds() - start)
        }
    }
    return Result(bench: bench, ours: median(ours), anchor: bench.anchor == nil ? nil : median(anchor), extras: bench.extras?() ?? [])
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }

func jsonLine(_ result: Result) -> String {
    var fields = ["\"bench\": \"\(result.bench.name)\"", "\"ours_ms\": \(format(result.ours))"]
    if let name = result.bench.anchorName, let anchor = result.anchor, let ratio = result.ratio {
        fields += ["\"anchor\": \"\(name)\"", "\"anchor_ms\": \(format(anchor))", "\"ratio\": \(format(ratio))"]
        if result.bench.anchorIsFloor { fields.append("\"overhead_ms\": \(format(result.ours - anchor))") }
    }
    for (key, value) in result.extras { fields.append("\"\(key)\": \(format(value))") }
    if let threads = result.bench.threads { fields.append("\"threads\": \(threads)") }
    return "{" + fields.joined(separator: ", ") + "}"
}

/// The readable table's note under a row: threads, floors' overheads, extra figures.
func noteLine(_ result: Result) -> String? {
    var parts: [String] = []
    if let threads = result.bench.threads { parts.append("ours on \(threads) threads" + (result.bench.anchorName == "sdl2_software_renderer" ? ", SDL on one" : "")) }
    if result.bench.anchorIsFloor, let anchor = result.anchor { parts.append("overhead over the floor \(format(result.ours - anchor)) ms") }
    for (key, value) in result.extras { parts.append("\(key) \(format(value))") }
    return parts.isEmpty ? nil : "  " + parts.joined(separator: "; ")
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Writes a premultiplied ARGB buffer (opaque here) as PNG through SDL_image.
func writePNG(pixels: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int, to path: String) {
    guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(width), Int32(height), 32, Int32(pitch),
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue) else { return }
    defer { SDL_FreeSurface(surface) }
    if IMG_SavePNG(surface, path) != 0 {
        FileHandle.standardError.write("stresspunch-bench: could not write \(path)\n".data(using: .utf8) ?? Data())
    }
}
