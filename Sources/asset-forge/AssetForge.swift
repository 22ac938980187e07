import Foundation
import PictureCodecs
import Pictures
import Raster
import StressCore

/// What went wrong, said so the person running the forge knows what to do.
struct ForgeError: Error {
    let message: String
    var exitCode: Int32 = 1

    static func usage(_ message: String) -> ForgeError {
        ForgeError(message: message + " (usage: asset-forge [REPO_ROOT] [--only NAME ...])", exitCode: 2)
    }
}

struct ForgeOptions {
    var repositoryRoot: URL
    /// When non-empty, only these pictures or sounds are made (for quick iteration).
    var only: Set<String> = []

    init(arguments: [String]) throws(ForgeError) {
        var root: URL?
        var only: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--only" {
                guard index + 1 < arguments.count else { throw .usage("--only needs an asset name") }
                only.insert(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix("-") { throw .usage("unknown option \(argument)") }
            guard root == nil else { throw .usage("give at most one repository root") }
            root = URL(fileURLWithPath: argument, isDirectory: true)
            index += 1
        }
        // Sources/asset-forge/AssetForge.swift -> the repository root, three levels up.
        repositoryRoot = root ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        self.only = only
    }
}

/// Makes every asset and writes it under `<root>/Assets`.
struct AssetForge {
    let assetsDirectory: URL
    let codec = SDLPictureCodec()

    init(repositoryRoot: URL) throws(ForgeError) {
        let manifest = repositoryRoot.appendingPathComponent("Package.swift").path
        assetsDirectory = repositoryRoot.appendingPathComponent("Assets", isDirectory: true)
        guard FileManager.default.fileExists(atPath: manifest),
              FileManager.default.fileExists(atPath: assetsDirectory.path)
        else {
            throw ForgeError(
                message: "\(repositoryRoot.path) is not the StressPunch checkout (no Package.swift and Assets/); "
                    + "pass the repository root as the first argument")
        }
    }

    /// Every picture, by the asset name it is saved under.
    static let illustrations: [(name: String, draw: @Sendable (Canvas) -> Void)] = [
        ("alarm-clock", AlarmClockArt.draw),
        ("printer", PrinterArt.draw),
        ("inbox", InboxArt.draw),
        ("meeting", MeetingArt.draw),
        ("loading-wheel", LoadingWheelArt.draw),
        ("coffee-pot", CoffeePotArt.draw),
        ("wifi-router", WifiRouterArt.draw),
        ("deadline", DeadlineArt.draw),
    ]

    static let sounds: [(name: String, make: @Sendable () -> [Float])] = [
        (SoundNames.punches[0], { PunchSynth.punch(.heavy) }),
        (SoundNames.punches[1], { PunchSynth.punch(.snappy) }),
        (SoundNames.punches[2], { PunchSynth.punch(.deep) }),
        ("slap-1", { PunchSynth.tool(.slap(1)) }), ("slap-2", { PunchSynth.tool(.slap(2)) }),
        ("pillow-1", { PunchSynth.tool(.pillow(1)) }), ("pillow-2", { PunchSynth.tool(.pillow(2)) }),
        ("pie-1", { PunchSynth.tool(.pie(1)) }), ("pie-2", { PunchSynth.tool(.pie(2)) }),
        ("tomato-1", { PunchSynth.tool(.tomato(1)) }), ("tomato-2", { PunchSynth.tool(.tomato(2)) }),
        ("mallet-1", { PunchSynth.tool(.mallet(1)) }), ("mallet-2", { PunchSynth.tool(.mallet(2)) }),
        (SoundNames.bigThump, { PunchSynth.punch(.sub) }),
        (SoundNames.click, { PunchSynth.click() }),
    ]

    /// Each tool's pictures: (name, side, drawing). The fist's sprite is the punch burst.
    static let toolPictures: [(name: String, side: Int, draw: @Sendable (Canvas) -> Void)] = {
        var list: [(name: String, side: Int, draw: @Sendable (Canvas) -> Void)] = [
            ("tool-slap", 512, ToolArt.slapSprite), ("tool-pillow", 512, ToolArt.pillowSprite), ("tool-pie", 512, ToolArt.pieSprite),
            ("tool-tomato", 512, ToolArt.tomatoSprite), ("tool-mallet", 512, ToolArt.malletSprite),
        ]
        for tool in PunchTool.allCases {
            let name = tool.rawValue
            list.append((tool.iconPictureName, 256, { ToolArt.icon(name, $0) }))
            if let bit = tool.bitPictureName { list.append((bit, 128, { ToolArt.bit(name, $0) })) }
        }
        list.append((PunchTool.streakPicture, 128, ToolArt.streak))
        list.append(("tool-tomato-seed", 128, ToolArt.seed))
        return list
    }()

    func run(only: Set<String>) throws(ForgeError) {
        let known = Set(Self.illustrations.map(\.name) + Self.sounds.map(\.name) + Self.toolPictures.map(\.name)
                        + ["punch-burst", "icon", "contact-sheet"])
        if let unknown = only.first(where: { !known.contains($0) }) {
            throw .usage("no asset called \(unknown); known: \(known.sorted().joined(separator: ", "))")
        }
        let wanted = { (name: String) in only.isEmpty || only.contains(name) }

        // Every tool sound the app asks for must be made here.
        let made = Set(Self.sounds.map(\.name))
        if let missing = SoundNames.all.first(where: { !made.contains($0) }) {
            throw ForgeError(message: "the sound \(missing) has no synthesis; add one to AssetForge.sounds")
        }
        // Every built-in target must get a picture; a new catalog entry without art is a bug here.
        let drawn = Set(Self.illustrations.map(\.name))
        for target in BuiltinCatalog.targets where !drawn.contains(target.assetName) {
            throw ForgeError(message: "the built-in target \(target.key) uses asset \(target.assetName), which has no drawing; add one under Sources/asset-forge/Art")
        }

        var sheet: [(name: String, image: RasterImage)] = []
        for (name, draw) in Self.illustrations where wanted(name) || wanted("contact-sheet") {
            let canvas = Canvas(width: 1024, height: 1024)
            draw(canvas)
            let image = RasterImage(copying: canvas)
            if wanted(name) { try writePicture(image, name: name) }
            sheet.append((name, image))
        }
        if wanted("punch-burst") || wanted("contact-sheet") {
            let canvas = Canvas(width: 512, height: 512)
            PunchBurstArt.draw(canvas)
            let image = RasterImage(copying: canvas)
            if wanted("punch-burst") { try writePicture(image, name: "punch-burst") }
            sheet.append(("punch-burst", image))
        }
        for (name, side, draw) in Self.toolPictures where wanted(name) || wanted("contact-sheet") {
            let canvas = Canvas(width: side, height: side)
            draw(canvas)
            var image = RasterImage(copying: canvas)
            // The speed line is thin: kept as its band alone, or every streak in the air
            // made the renderer sample a square of mostly transparent pixels each frame.
            if name == PunchTool.streakPicture { image = Self.rows(48..<80, of: image) }
            if wanted(name) { try writePicture(image, name: name) }
            if side >= 256 { sheet.append((name, image)) }
        }
        if wanted("icon") || wanted("contact-sheet") {
            let canvas = Canvas(width: 1024, height: 1024)
            AppIconArt.draw(canvas)
            let master = RasterImage(copying: canvas)
            // The sizes AssetCatalog.iconSizes lists (AssetsTests fails if they drift apart).
            for size in [512, 256, 128, 96, 64, 48, 32, 24, 22, 16] {
                let bitmap = Self.bitmap(of: master).downscaled(toLongSide: size)
                if wanted("icon") { try write(bitmap, to: "Pictures/icon-\(size).png") }
            }
            sheet.append(("icon", master))
        }
        if wanted("contact-sheet") {
            let contact = ContactSheet.render(sheet)
            try write(Self.bitmap(of: contact), to: "contact-sheet.png")
        }
        for (name, make) in Self.sounds where wanted(name) {
            try writeFile(WAVFile.encode(samples: make(), sampleRate: PunchSynth.sampleRate), to: "Sounds/\(name).wav")
        }
    }

    /// The band `rows` of `image`, whole rows.
    static func rows(_ rows: Range<Int>, of image: RasterImage) -> RasterImage {
        let band = RasterImage(width: image.width, height: rows.count)
        for (index, row) in rows.enumerated() {
            (band.pixels + index * image.width).update(from: image.pixels + row * image.width, count: image.width)
        }
        band.updateOpacity()
        return band
    }

    static func bitmap(of image: RasterImage) -> PictureBitmap {
        PictureBitmap(width: image.width, height: image.height, pixels: image.rgbaBytes())
    }

    private func writePicture(_ image: RasterImage, name: String) throws(ForgeError) {
        try write(Self.bitmap(of: image), to: "Pictures/\(name).png")
    }

    private func write(_ bitmap: PictureBitmap, to relativePath: String) throws(ForgeError) {
        let bytes: [UInt8]
        do {
            bytes = try codec.encode(bitmap, as: .png)
        } catch {
            throw ForgeError(message: "could not encode \(relativePath) as PNG: \(error); check that SDL2_image is installed with PNG support")
        }
        try writeFile(bytes, to: relativePath)
    }

    private func writeFile(_ bytes: [UInt8], to relativePath: String) throws(ForgeError) {
        let url = assetsDirectory.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw ForgeError(message: "could not write \(url.path): \(error.localizedDescription); check the folder is writable")
        }
        print("wrote \(relativePath) (\(bytes.count) bytes)")
    }
}
