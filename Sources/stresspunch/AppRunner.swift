import Foundation
import Platform
import StressCore
import TargetStore

/// Opens the window and shows the selected target.
///
/// This first cut shows the selected target's own picture on a soft backdrop; the
/// software renderer, the punch and the library screens build on it.
struct AppRunner {
    let options: AppOptions

    func run() throws {
        let store = try TargetStore(dataDirectory: options.dataDirectory)
        let selected = try store.selectedTarget()
        let picture = selected.flatMap { target in
            store.pictureURL(for: target).flatMap { try? PictureImporter(codec: SDLPictureCodec()).importPicture(at: $0) }
        }
        let bitmap = picture.flatMap { try? SDLPictureCodec().decode($0.bytes, fileName: "") }

        let size = options.size ?? WindowSize(parsing: "1280x720")
        let window = try SDLWindow(
            title: "StressPunch" + (selected.map { " — \($0.name)" } ?? ""),
            width: size?.width ?? 1280, height: size?.height ?? 720,
            fullscreen: options.fullscreen || options.kiosk)

        var frame: [UInt32] = []
        var frameSize = (0, 0)
        var running = true
        while running {
            for event in SDLEventPump.poll() where event == .quit { running = false }
            if frameSize != (window.width, window.height) || frame.isEmpty {
                frameSize = (window.width, window.height)
                frame = Backdrop.draw(width: window.width, height: window.height, picture: bitmap)
            }
            if !window.present(frame, width: frameSize.0, height: frameSize.1) {
                frame = []
            }
            SDLEventPump.wait(milliseconds: 50)
        }
    }
}

/// A vertical gradient with the picture aspect-fit in the middle.
enum Backdrop {
    static func draw(width: Int, height: Int, picture: PictureBitmap?) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: max(0, width * height))
        for y in 0..<height {
            let t = Double(y) / Double(max(1, height - 1))
            let r = UInt32(40 + 30 * t), g = UInt32(44 + 20 * t), b = UInt32(72 + 40 * t)
            let color = 0xFF00_0000 | r << 16 | g << 8 | b
            for x in 0..<width { pixels[y * width + x] = color }
        }
        guard let picture, picture.width > 0, picture.height > 0 else { return pixels }
        let scale = min(Double(width) * 0.8 / Double(picture.width), Double(height) * 0.8 / Double(picture.height))
        let drawWidth = Int(Double(picture.width) * scale), drawHeight = Int(Double(picture.height) * scale)
        let left = (width - drawWidth) / 2, top = (height - drawHeight) / 2
        for y in 0..<drawHeight {
            let sy = min(picture.height - 1, Int(Double(y) / scale))
            for x in 0..<drawWidth {
                let sx = min(picture.width - 1, Int(Double(x) / scale))
                let p = (sy * picture.width + sx) * 4
                let a = UInt32(picture.pixels[p + 3])
                let index = (top + y) * width + left + x
                let under = pixels[index]
                func mix(_ source: UInt8, _ shift: UInt32) -> UInt32 {
                    let dst = (under >> shift) & 0xFF
                    return (UInt32(source) * a + dst * (255 - a)) / 255
                }
                pixels[index] = 0xFF00_0000 | mix(picture.pixels[p], 16) << 16 | mix(picture.pixels[p + 1], 8) << 8
                    | mix(picture.pixels[p + 2], 0)
            }
        }
        return pixels
    }
}
