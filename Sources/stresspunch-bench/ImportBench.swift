import CPictureDecoders
import CTurboJPEG
import Foundation
import PictureCodecs
import Pictures
import Platform
import struct TargetStore.PictureFiles  // not Pictures' PictureFiles (which names a folder's pictures)

/// import_24mp and import_webp_4k: the whole import as `targets add` does it (read the
/// file, check it, decode to the stored size, stand it upright, finish the downscale,
/// encode, write and sync the stored file), against the decoder alone at the scale the
/// import chose, in process. import_24mp_rss: the peak memory that import adds.
final class ImportBench {
    let folder: URL
    let jpegURL: URL
    let webpURL: URL
    let jpegBytes: [UInt8]
    let webpBytes: [UInt8]
    let files: PictureFiles
    let importer = PictureImporter(codec: SDLPictureCodec())
    /// The DCT scale the import decodes the 24 MP photo at: the anchor decodes at it too.
    let jpegScale: JPEGScale
    private var anchorPixels: [UInt8]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-bench-import-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        jpegURL = folder.appendingPathComponent("photo-24mp.jpg")
        webpURL = folder.appendingPathComponent("wallpaper-4096.webp")
        jpegBytes = try ImportPhotos.jpeg24MP()
        webpBytes = try ImportPhotos.webp4K()
        try Data(jpegBytes).write(to: jpegURL)
        try Data(webpBytes).write(to: webpURL)
        files = try PictureFiles(directory: folder.appendingPathComponent("images"))
        jpegScale = SDLPictureCodec.jpegScale(jpegBytes, minimumLongSide: PictureImporter.maxStoredLongSide)
        anchorPixels = [UInt8](repeating: 0, count: 4096 * 4096 * 4)
    }

    /// Removes the photos and the stored copies: the bench ends by `exit`, which runs
    /// no deinit of what globals hold.
    func removeFiles() { try? FileManager.default.removeItem(at: folder) }

    /// One whole import of `url`, its stored file written and then removed again.
    func importOnce(_ url: URL) {
        do {
            let picture = try importer.importPicture(at: url)
            files.remove(try files.write(picture))
        } catch {
            FileHandle.standardError.write("stresspunch-bench: importing \(url.lastPathComponent): \(error)\n".data(using: .utf8) ?? Data())
            exit(1)
        }
    }

    /// Where one import of `url` spends its time, stage by stage (medians of `rounds`).
    func stages(_ url: URL, rounds: Int) -> [(String, Double)] {
        let codec = SDLPictureCodec()
        var times: [String: [Double]] = [:]
        var order: [String] = []
        func timed<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
            let start = nowMilliseconds()
            let value = try work()
            if times[name] == nil { order.append(name) }
            times[name, default: []].append(nowMilliseconds() - start)
            return value
        }
        do {
            for _ in 0..<rounds {
                let bytes = try timed("read") { try PictureImporter.readUserFile(at: url) }
                let header = try timed("check") { try PictureImporter.check(bytes: bytes, fileName: url.path) }
                let decoded = try timed("decode (a JPEG's rows shrunk as they come)") {
                    try codec.decode(bytes, fileName: url.path, minimumLongSide: PictureImporter.maxStoredLongSide)
                }
                let stored = timed("downscale+orient") {
                    decoded.downscaled(toLongSide: PictureImporter.maxStoredLongSide).uprighted(exifOrientation: header.orientation)
                }
                _ = timed("alpha scan") { stored.hasTransparency }
                let encoded = try timed("encode") { try codec.encode(stored, as: .jpeg) }
                let picture = ImportedPicture(bytes: encoded, format: .jpeg, width: stored.width, height: stored.height)
                try timed("write+sync") { files.remove(try files.write(picture)) }
            }
        } catch {
            return [("failed: \(error)", 0)]
        }
        return order.map { ($0, median(times[$0] ?? [])) }
    }

    /// TurboJPEG decoding the 24 MP photo at the import's DCT scale, to RGBA (as ours).
    func turboJPEGScaled() {
        guard let handle = tjInitDecompress() else { return }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = jpegBytes.withUnsafeBufferPointer { jpeg in
            anchorPixels.withUnsafeMutableBufferPointer { out -> Int32 in
                guard tjDecompressHeader3(handle, jpeg.baseAddress, UInt(jpeg.count), &width, &height, &subsampling, &colorspace) == 0
                else { return -1 }
                let scaledWidth = shim_tj_scaled(width, Int32(jpegScale.numerator), Int32(jpegScale.denominator))
                let scaledHeight = shim_tj_scaled(height, Int32(jpegScale.numerator), Int32(jpegScale.denominator))
                return tjDecompress2(handle, jpeg.baseAddress, UInt(jpeg.count), out.baseAddress, scaledWidth, 0, scaledHeight,
                                     Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        if status != 0 { FileHandle.standardError.write("stresspunch-bench: TurboJPEG anchor failed\n".data(using: .utf8) ?? Data()) }
    }

    /// libwebp decoding the 4096x4096 photo scaled to the stored size.
    func libwebpScaled() {
        let size = PictureBitmap.downscaledSize(width: 4096, height: 4096, toLongSide: PictureImporter.maxStoredLongSide)
        let status = webpBytes.withUnsafeBufferPointer { webp in
            anchorPixels.withUnsafeMutableBufferPointer { out in
                pd_webp_decode_scaled(webp.baseAddress, webp.count, Int32(size.width), Int32(size.height), out.baseAddress,
                                        size.width * size.height * 4)
            }
        }
        if status != 0 { FileHandle.standardError.write("stresspunch-bench: libwebp anchor failed\n".data(using: .utf8) ?? Data()) }
    }
}

/// Peak RSS one import adds, measured in a child process of this binary that does
/// nothing but that import: in this process the benches before have left freed
/// memory resident in malloc's arenas, which an import would reuse and so seem to
/// cost less than it does in `targets add` (and clear_refs' "5" resets only VmHWM,
/// not what the allocator keeps). The child's figure is VmHWM after the import minus
/// VmRSS just before it.
enum ImportRSS {
    static let childFlag = "--import-rss-child"

    /// Runs in the child: imports `path` once, prints the megabytes it added, exits.
    static func runChild(path: String, images: String) -> Never {
        let importer = PictureImporter(codec: SDLPictureCodec())
        do {
            let files = try PictureFiles(directory: URL(fileURLWithPath: images))
            let before = status("VmRSS")
            let picture = try importer.importPicture(at: URL(fileURLWithPath: path))
            let name = try files.write(picture)
            let peak = status("VmHWM")
            files.remove(name)
            print(String(format: "%.3f", Double(peak - before) / 1024))
            exit(0)
        } catch {
            FileHandle.standardError.write("stresspunch-bench: import child: \(error)\n".data(using: .utf8) ?? Data())
            exit(1)
        }
    }

    /// A /proc/self/status figure in kB.
    static func status(_ key: String) -> Int {
        // Read, not sized first: /proc files say they hold 0 bytes.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/status")?.readDataToEndOfFile() else { return 0 }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
        }
        return 0
    }

    /// The median over `runs` children of the megabytes one import of `file` adds.
    static func measure(file: URL, images: URL, runs: Int) throws -> Double {
        var figures: [Double] = []
        for _ in 0..<runs {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = [childFlag, file.path, images.path]
            let output = Pipe()
            child.standardOutput = output
            try child.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            guard child.terminationStatus == 0,
                  let figure = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw ImportBench.Failure.child }
            figures.append(figure)
        }
        return median(figures)
    }
}

extension ImportBench {
    enum Failure: Error { case child }
}
