import Foundation
import PictureCodecs
import Pictures
import Platform
import Testing
import TestSupport

/// JPEGs made by ImageMagick (a test tool), then bent into what an attacker would send.
enum JPEGMaker {
    /// `convert` with `arguments`, writing `name` in `folder`; the file's bytes.
    static func make(_ folder: TemporaryDirectory, _ name: String, _ arguments: [String]) throws -> [UInt8] {
        let output = folder.file(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments + [output.path]
        try process.run()
        process.waitUntilExit()
        return [UInt8](try Data(contentsOf: output))
    }

    /// Offsets of every marker `second` (0xFF `second`) outside entropy-coded data.
    static func markers(_ bytes: [UInt8], _ second: UInt8) -> [Int] {
        (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == second }
    }
}

@Suite("JPEG decoding that costs what is shown, whatever the file claims")
struct BoundedJPEGTests {
    let codec = SDLPictureCodec()

    @Test("a big JPEG decodes at the smallest DCT scale that covers the size asked for, then is shrunk to it as it decodes")
    func dctScaling() throws {
        let folder = TemporaryDirectory("jpeg-scale")
        let bytes = try JPEGMaker.make(folder, "big.jpg", ["-size", "3000x2000", "gradient:red-blue"])
        #expect(SDLPictureCodec.jpegScale(bytes, minimumLongSide: 256) == JPEGScale(numerator: 1, denominator: 8))  // 375x250
        let thumbnail = try codec.decode(bytes, fileName: "big.jpg", minimumLongSide: 256)
        #expect((thumbnail.width, thumbnail.height) == (256, 171))
        #expect(SDLPictureCodec.jpegScale(bytes, minimumLongSide: 1000) == JPEGScale(numerator: 3, denominator: 8))  // 1125x750
        let stored = try codec.decode(bytes, fileName: "big.jpg", minimumLongSide: 1000)
        #expect((stored.width, stored.height) == (1000, 667))
        let whole = try codec.decode(bytes, fileName: "big.jpg")
        #expect((whole.width, whole.height) == (3000, 2000))
    }

    @Test("a CMYK JPEG (Adobe's inverted form, as ImageMagick writes it) shows its real colours")
    func cmykColours() throws {
        let folder = TemporaryDirectory("jpeg-cmyk")
        let bytes = try JPEGMaker.make(folder, "cmyk.jpg", ["-size", "32x32", "xc:red", "-colorspace", "CMYK"])
        let decoded = try codec.decode(bytes, fileName: "cmyk.jpg", minimumLongSide: 32)
        let middle = (16 * 32 + 16) * 4
        let pixel = Array(decoded.pixels[middle..<(middle + 4)])
        #expect(pixel[0] > 220 && pixel[1] < 40 && pixel[2] < 40 && pixel[3] == 255, "\(pixel)")
    }

    @Test("a CMYK JPEG without Adobe's marker is read inverted, as Pillow and ImageMagick read it: its red stays red")
    func cmykWithoutAdobeMarker() throws {
        // Made by Pillow (a red of 255, 14, 23 as CMYK), its Adobe segment then cut out.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/cmyk-without-adobe-marker.jpg")
        let bytes = [UInt8](try Data(contentsOf: fixture))
        #expect(JPEGMaker.markers(bytes, 0xEE).isEmpty, "the fixture should have no Adobe segment")
        let folder = TemporaryDirectory("jpeg-cmyk-plain")
        let reference = try ReferenceDecoder.rgba(bytes, name: "cmyk.jpg", in: folder)
        for decoded in [try codec.decode(bytes, fileName: "cmyk.jpg", minimumLongSide: 32), try codec.decode(bytes, fileName: "cmyk.jpg")] {
            let middle = (16 * 32 + 16) * 4
            let pixel = Array(decoded.pixels[middle..<(middle + 4)])
            #expect(pixel[0] > 240 && pixel[1] < 30 && pixel[2] < 40, "\(pixel)")
            #expect(zip(decoded.pixels, reference).allSatisfy { abs(Int($0) - Int($1)) <= 4 }, "unlike ImageMagick: \(pixel)")
        }
    }

    @Test("a progressive JPEG whose scans go over a big picture again and again is refused at once, not decoded for seconds")
    func scanWorkBomb() throws {
        let folder = TemporaryDirectory("jpeg-scan-work")
        let bytes = try JPEGMaker.make(folder, "big.jpg", ["-size", "3000x2000", "gradient:blue-yellow", "-interlace", "JPEG"])
        let scans = JPEGMaker.markers(bytes, 0xDA)
        #expect(scans.count == 10)
        // The first scan (every component's DC) 60 times more: 70 scans, under the scan
        // limit, each going over all six million pixels' blocks.
        let first = Array(bytes[scans[0]..<scans[1]])
        var bomb = Array(bytes[..<scans[1]])
        for _ in 0..<60 { bomb += first }
        bomb += bytes[scans[1]...]
        var started = timespec(), ended = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &started)
        do {
            _ = try codec.decode(bomb, fileName: "bomb.jpg", minimumLongSide: 2048)
            Issue.record("70 scans over a 3000x2000 picture were decoded")
        } catch {
            #expect(error.description.contains("go over the picture more than 16 times"), "\(error)")
        }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ended)
        let seconds = Double(ended.tv_sec - started.tv_sec) + Double(ended.tv_nsec - started.tv_nsec) / 1e9
        #expect(seconds < 1, "refusing it took \(seconds) s of CPU")
        // The honest file, as big, still decodes.
        #expect(try codec.decode(bytes, fileName: "big.jpg", minimumLongSide: 2048).width == 2048)
    }

    @Test("a JPEG claiming 10000x10000 with no picture data is refused as cut short, not stored grey")
    func claimWithoutData() throws {
        let folder = TemporaryDirectory("jpeg-claim")
        var bytes = try JPEGMaker.make(folder, "small.jpg", ["-size", "16x16", "xc:green"])
        let frame = try #require(JPEGMaker.markers(bytes, 0xC0).first)
        // SOF0: length (2), precision (1), height (2), width (2).
        bytes[frame + 5] = 0x27; bytes[frame + 6] = 0x10
        bytes[frame + 7] = 0x27; bytes[frame + 8] = 0x10
        let scan = try #require(JPEGMaker.markers(bytes, 0xDA).first)
        let length = Int(bytes[scan + 2]) << 8 | Int(bytes[scan + 3])
        let claim = Array(bytes[..<(scan + 2 + length)]) + [0xFF, 0xD9]
        #expect(throws: PictureImportError.truncated(file: "claim.jpg", format: "JPEG")) {
            _ = try codec.decode(claim, fileName: "claim.jpg", minimumLongSide: 2048)
        }
    }

    @Test("progressive scans past the limit are refused (a 10-scan file against a limit of 5); a scan bomb is refused")
    func scanBomb() throws {
        let folder = TemporaryDirectory("jpeg-scans")
        let bytes = try JPEGMaker.make(folder, "progressive.jpg", ["-size", "64x64", "gradient:blue-yellow", "-interlace", "JPEG"])
        let scans = JPEGMaker.markers(bytes, 0xDA)
        let last = try #require(scans.last)
        let end = try #require(JPEGMaker.markers(bytes, 0xD9).last)
        // The last scan, repeated 300 times before the end: libjpeg only warns.
        let repeated = Array(bytes[last..<end])
        var bomb = Array(bytes[..<end])
        for _ in 0..<300 { bomb += repeated }
        bomb += [0xFF, 0xD9]
        #expect(throws: PictureImportError.self) { _ = try codec.decode(bomb, fileName: "bomb.jpg", minimumLongSide: 64) }
        // The honest progressive file decodes, and is refused where the limit is lower.
        #expect(scans.count == 10)
        #expect(try codec.decode(bytes, fileName: "progressive.jpg", minimumLongSide: 64).width == 64)
        do {
            _ = try SDLPictureCodec(maxJPEGScans: 5).decode(bytes, fileName: "progressive.jpg", minimumLongSide: 64)
            Issue.record("a 10-scan JPEG passed a limit of 5")
        } catch {
            #expect(error.description.contains("more than 5 progressive scans"), "\(error)")
        }
    }

    @Test("a big PNG is read row by row and averaged down to the size asked for, colours and transparency kept")
    func pngRowByRow() throws {
        let folder = TemporaryDirectory("png-rows")
        let bytes = try JPEGMaker.make(folder, "big.png", ["-size", "8000x6000", "xc:rgba(200,40,40,0.5)"])
        let small = try codec.decode(bytes, fileName: "big.png", minimumLongSide: 256)
        // A box of 31 x 31: 8000 / 31 rounds up to 259, 6000 / 31 to 194.
        #expect((small.width, small.height) == (259, 194))
        let pixel = Array(small.pixels[0..<4])
        #expect(abs(Int(pixel[0]) - 200) <= 2 && abs(Int(pixel[1]) - 40) <= 2 && abs(Int(pixel[3]) - 128) <= 2, "\(pixel)")
        // The whole picture when asked for it.
        let tiny = try JPEGMaker.make(folder, "tiny.png", ["-size", "7x5", "xc:blue"])
        let whole = try codec.decode(tiny, fileName: "tiny.png", minimumLongSide: 2048)
        #expect((whole.width, whole.height) == (7, 5))
        // Cut short: refused as such.
        #expect(throws: PictureImportError.truncated(file: "cut.png", format: "PNG")) {
            _ = try codec.decode(Array(bytes.prefix(bytes.count / 2)), fileName: "cut.png", minimumLongSide: 256)
        }
    }

    @Test("a GIF whose frame lies outside its screen is refused; it crashed SDL2_image's GIF reader (found by the picture fuzzer)")
    func gifFrameOutsideScreen() throws {
        // 5x5 screen, a 5x17993 frame, then LZW data: the fuzzer's crash, kept in its corpus.
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/picture/crash-gif-sdl-image-reader.gif")
        let bytes = [UInt8](try Data(contentsOf: corpus))
        #expect(throws: PictureImportError.damaged(file: "g.gif", reason: "a frame lies outside the picture's own size")) {
            _ = try codec.decode(bytes, fileName: "g.gif", minimumLongSide: 64)
        }
        // An honest animated GIF gives its first frame at the screen's size.
        let folder = TemporaryDirectory("gif")
        let animated = try JPEGMaker.make(folder, "a.gif", ["-delay", "10", "-size", "6x4", "xc:red", "xc:blue"])
        let first = try codec.decode(animated, fileName: "a.gif", minimumLongSide: 64)
        #expect((first.width, first.height) == (6, 4))
        #expect(Array(first.pixels[0..<4]) == [255, 0, 0, 255])
    }
}
