import Assets
import Foundation
import StressCore
import Testing

@Suite("Shipped pictures and sounds")
struct AssetCatalogTests {
    private func bytes(of url: URL?) throws -> [UInt8] {
        let url = try #require(url)
        return [UInt8](try Data(contentsOf: url))
    }

    @Test("every built-in target's asset name has a picture")
    func everyBuiltinHasAPicture() {
        for target in BuiltinCatalog.targets {
            #expect(AssetCatalog.pictureURL(named: target.assetName) != nil, "no picture for \(target.assetName)")
            #expect(AssetCatalog.targetPictureNames.contains(target.assetName))
        }
    }

    @Test("target pictures are 1024 x 1024 RGBA PNGs")
    func targetPicturesAreSquarePNGs() throws {
        for name in AssetCatalog.targetPictureNames {
            let png = try PNGFile(bytes(of: AssetCatalog.pictureURL(named: name)))
            #expect(png.width == 1024 && png.height == 1024, "\(name) is \(png.width) x \(png.height)")
            #expect(png.colorType == 6 && png.bitDepth == 8, "\(name) is not 8-bit RGBA")
        }
    }

    @Test("every listed picture exists, icons at their named sizes")
    func everyPictureExists() throws {
        for name in AssetCatalog.pictureNames {
            #expect(AssetCatalog.pictureURL(named: name) != nil, "missing \(name).png")
        }
        for size in AssetCatalog.iconSizes {
            let png = try PNGFile(bytes(of: AssetCatalog.pictureURL(named: AssetCatalog.iconPictureName(size: size))))
            #expect(png.width == size && png.height == size)
        }
    }

    @Test("the icon comes in the hicolor theme's sizes from 16 to 512 px, and every icon file is one of them")
    func iconSizesCoverTheTheme() throws {
        #expect(Set([16, 22, 24, 32, 48, 64, 96, 128, 256, 512]).isSubset(of: AssetCatalog.iconSizes))
        #expect(AssetCatalog.iconSizes.contains(AssetCatalog.windowIconSize))
        let pictures = try #require(AssetCatalog.resourceDirectory).appendingPathComponent("Pictures")
        let iconFiles = try FileManager.default.contentsOfDirectory(atPath: pictures.path).filter { $0.hasPrefix("icon-") }
        #expect(Set(iconFiles) == Set(AssetCatalog.iconSizes.map { AssetCatalog.iconPictureName(size: $0) + ".png" }),
                "icon files not listed in AssetCatalog.iconSizes, or listed and missing: \(iconFiles.sorted())")
    }

    @Test("each tool's sprite is 512 x 512 and its icon 256 x 256, transparent at the edges so nothing is cut off, solid in the middle")
    func toolPictures() throws {
        for tool in PunchTool.allCases {
            var sides = [(tool.iconPictureName, 256)]
            if tool != .fist { sides.append((tool.spritePictureName, 512)) }
            if let bit = tool.bitPictureName { sides.append((bit, 128)) }
            for (name, side) in sides {
                let png = try PNGFile(bytes(of: AssetCatalog.pictureURL(named: name)))
                #expect(png.width == side && png.height == side, "\(name) is \(png.width) x \(png.height)")
                let alpha = try png.alphaChannel()
                // Every pixel of the outermost two rows and columns is clear: a drawing touching
                // the edge would show a hard cut where it is drawn.
                var edge: [Int] = []
                for i in 0..<side {
                    let last = (side - 1) * side, nextToLast = (side - 2) * side, row = i * side
                    edge += [i, side + i, last + i, nextToLast + i, row, row + 1, row + side - 1, row + side - 2]
                }
                #expect(edge.allSatisfy { alpha[$0] == 0 }, "\(name) touches its edge")
                #expect(alpha.filter { $0 == 255 }.count > side * side / 10, "\(name) is mostly empty")
            }
        }
    }

    @Test("every tool has two or more sounds that differ from each other")
    func toolSounds() throws {
        for tool in PunchTool.allCases {
            #expect(tool.soundNames.count >= 2)
            let waves = try tool.soundNames.map { try WAVFileReader(bytes(of: AssetCatalog.soundURL(named: $0))).samples }
            #expect(Set(waves.map { $0.count }).count > 1 || waves[0] != waves[1], "\(tool)'s sounds are the same")
        }
    }

    @Test("the punch burst is 512 x 512 with transparent corners and an opaque middle")
    func punchBurstHasTransparency() throws {
        let png = try PNGFile(bytes(of: AssetCatalog.pictureURL(named: AssetCatalog.punchBurstPictureName)))
        #expect(png.width == 512 && png.height == 512)
        let alpha = try png.alphaChannel()
        #expect(alpha[0] == 0 && alpha[511] == 0 && alpha[511 * 512] == 0 && alpha[512 * 512 - 1] == 0)
        #expect(alpha[256 * 512 + 256] == 255)
        #expect(alpha.filter { $0 == 0 }.count > 512 * 512 / 10, "the sprite should be transparent around the burst")
    }

    @Test("the resource folder is SwiftPM's StressPunch_Assets.resources, holding Pictures and Sounds")
    func resourceFolderIsFound() throws {
        let directory = try #require(AssetCatalog.resourceDirectory)
        #expect(directory.lastPathComponent == AssetCatalog.resourceFolderName)
        let sound = try #require(AssetCatalog.soundURL(named: "click"))
        #expect(sound.path.hasPrefix(directory.path))
    }

    @Test("an unknown name has no file")
    func unknownNameIsNil() {
        #expect(AssetCatalog.pictureURL(named: "no-such-picture") == nil)
        #expect(AssetCatalog.soundURL(named: "no-such-sound") == nil)
    }

    @Test("every sound is 48 kHz 16-bit PCM, audible within 5 ms, below full scale and at most 350 ms")
    func soundsAreShortLoudAndImmediate() throws {
        for name in AssetCatalog.soundNames {
            let wav = try WAVFileReader(bytes(of: AssetCatalog.soundURL(named: name)))
            #expect(wav.formatTag == 1 && wav.bitsPerSample == 16, "\(name) is not 16-bit PCM")
            #expect(wav.sampleRate == 48_000, "\(name) is at \(wav.sampleRate) Hz")
            #expect(wav.duration <= 0.350, "\(name) lasts \(wav.duration) s")
            let peak = wav.samples.reduce(0) { max($0, abs($1)) }
            #expect(peak < 32_767.0 / 32_768, "\(name) reaches full scale")
            // -40 dBFS within the first 5 ms: no leading silence to delay the hit.
            let opening = wav.samples.prefix(wav.sampleRate * 5 / 1000)
            #expect(opening.contains { abs($0) > 0.01 }, "\(name) starts with silence")
        }
    }

    @Test("punch sounds are peak-normalised near -1 dBFS and differ from each other")
    func punchesAreNormalisedAndDistinct() throws {
        var all: [[Float]] = []
        for name in AssetCatalog.punchSoundNames {
            let wav = try WAVFileReader(bytes(of: AssetCatalog.soundURL(named: name)))
            let peak = wav.samples.reduce(0) { max($0, abs($1)) }
            let decibels = 20 * log10(Double(peak))
            #expect(decibels > -1.5 && decibels < -0.5, "\(name) peaks at \(decibels) dBFS")
            all.append(wav.samples)
        }
        #expect(all[0] != all[1] && all[1] != all[2] && all[0] != all[2])
    }
}
