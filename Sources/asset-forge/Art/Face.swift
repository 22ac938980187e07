import Foundation
import Raster

/// The cartoon faces the targets wear. One drawing routine with moods, so every
/// target shares the same eyes and line weight and reads as one family.
struct Face {
    enum Mood {
        /// Lids slanted down to the middle, brows in a V, gritted teeth.
        case grumpy
        /// Flat half-closed lids, one brow up, a crooked flat mouth.
        case annoyed
        /// Brows tilted up in the middle, eyes looking down, a frown.
        case sad
        /// Eyes squeezed shut, a huge open yawn.
        case yawning
        /// Wide eyes with small pupils, worried brows, a wavy mouth.
        case worried
        /// Wide eyes, tiny pupils, raised brows, a screaming open mouth.
        case panicked
    }

    var center: Point
    /// 1 is a face about 300 px wide.
    var scale: Float
    var mood: Mood
    /// The colour of the surface the face is on, for eyelids.
    var skin: Color
    var eyeSpacing: Float = 88
    /// Where the mouth sits below the eyes, in face units.
    var mouthDrop: Float = 105
    /// Pupils look this way, in face units.
    var gaze = Point(0, 0)
    /// Off when something else plays the brows (the alarm clock's hands).
    var showsBrows = true

    private var line: Float { Ink.detail * max(0.75, scale) }

    func draw(on canvas: Canvas) {
        drawEyes(on: canvas)
        drawMouth(on: canvas, line: line)
    }

    /// Only the eyes and brows, for targets whose mouth is part of the object (the
    /// printer's paper slot).
    func drawEyes(on canvas: Canvas) {
        for side in [Float(-1), 1] {
            let eye = Point(center.x + side * eyeSpacing * scale, center.y)
            drawEye(at: eye, side: side, on: canvas, line: line)
        }
    }

    private func drawEye(at eye: Point, side: Float, on canvas: Canvas, line: Float) {
        let s = scale
        switch mood {
        case .yawning:
            // Shut and drooping: lids sagging down (a "^" would read as laughing).
            var path = Path()
            path.move(to: Point(eye.x - 40 * s, eye.y - 6 * s))
            path.quad(to: Point(eye.x + 40 * s, eye.y - 6 * s), control: Point(eye.x, eye.y + 30 * s))
            canvas.ink(path, width: line * 1.25)
            var brow = Path()
            brow.move(to: Point(eye.x - 36 * s, eye.y - 56 * s))
            brow.quad(to: Point(eye.x + 36 * s, eye.y - 58 * s - side * 6 * s), control: Point(eye.x, eye.y - 72 * s))
            canvas.ink(brow, width: line)
            return
        default:
            break
        }
        let wide = mood == .worried || mood == .panicked
        let rx: Float = (wide ? 40 : 38) * s, ry: Float = (wide ? 50 : 44) * s
        canvas.outlined(Shape.ellipse(eye, rx, ry), Color.white, outline: line * 0.75)
        let pupilRadius: Float = (mood == .panicked ? 11 : (mood == .worried ? 15 : 19)) * s
        var pupil = Point(eye.x + gaze.x * s, eye.y + gaze.y * s)
        if mood == .sad { pupil.y += 14 * s }
        if mood == .grumpy || mood == .annoyed { pupil.y += 12 * s }
        canvas.fill(Shape.circle(pupil, pupilRadius), Ink.color)
        canvas.fill(Shape.circle(Point(pupil.x - pupilRadius * 0.35, pupil.y - pupilRadius * 0.4), pupilRadius * 0.32), Color.white)

        // Eyelids: the eye polygon cut by a line; the lid is filled in skin colour.
        let outlinePoints = Shape.ellipsePoints(eye, rx + 0.5, ry + 0.5)
        var lidLine: (Point, Point)?
        switch mood {
        case .grumpy:
            // Lower toward the nose: the outer end high, the inner end low.
            let inner = Point(eye.x - side * rx * 1.3, eye.y + 2 * s), outer = Point(eye.x + side * rx * 1.3, eye.y - 26 * s)
            lidLine = side < 0 ? (outer, inner) : (inner, outer)
        case .annoyed:
            let y = eye.y - 6 * s + side * 4 * s
            lidLine = (Point(eye.x + rx * 1.4, y), Point(eye.x - rx * 1.4, y))
        case .sad:
            let inner = Point(eye.x - side * rx * 1.3, eye.y - 34 * s), outer = Point(eye.x + side * rx * 1.3, eye.y - 16 * s)
            lidLine = side < 0 ? (outer, inner) : (inner, outer)
        default:
            lidLine = nil
        }
        if let (a, b) = lidLine {
            // Keep what is above the line: on screen (y down) that is left of a rightward line.
            let (from, to) = a.x < b.x ? (a, b) : (b, a)
            let lid = Shape.clip(outlinePoints, keepingLeftOf: from, to)
            if lid.count > 2 {
                canvas.fillPolygon(lid, skin)
                canvas.inkLine(lidPoint(lid, from, to, first: true), lidPoint(lid, from, to, first: false), width: line)
            }
            canvas.ink(Shape.ellipse(eye, rx, ry), width: line * 0.9)
        }

        // Brows.
        guard showsBrows else { return }
        switch mood {
        case .grumpy:
            let inner = Point(eye.x - side * 34 * s, eye.y - 40 * s), outer = Point(eye.x + side * 44 * s, eye.y - 82 * s)
            canvas.inkLine(inner, outer, width: line * 1.7)
        case .annoyed:
            let lift: Float = side > 0 ? 26 : 0
            var brow = Path()
            brow.move(to: Point(eye.x - 40 * s, eye.y - (64 + lift) * s))
            brow.quad(to: Point(eye.x + 40 * s, eye.y - (66 + lift) * s), control: Point(eye.x, eye.y - (78 + lift * 1.6) * s))
            canvas.ink(brow, width: line * 1.4)
        case .sad, .worried:
            let inner = Point(eye.x - side * 30 * s, eye.y - 80 * s), outer = Point(eye.x + side * 42 * s, eye.y - 62 * s)
            canvas.inkLine(inner, outer, width: line * 1.4)
        case .panicked:
            var brow = Path()
            brow.move(to: Point(eye.x - 38 * s, eye.y - 72 * s))
            brow.quad(to: Point(eye.x + 38 * s, eye.y - 72 * s), control: Point(eye.x, eye.y - 98 * s))
            canvas.ink(brow, width: line * 1.4)
        case .yawning:
            break
        }
    }

    /// The two ends of the lid's straight edge: the polygon's points on the cut line.
    private func lidPoint(_ lid: [Point], _ a: Point, _ b: Point, first: Bool) -> Point {
        func distance(_ p: Point) -> Float {
            let d = b - a
            return abs(d.x * (p.y - a.y) - d.y * (p.x - a.x)) / max(d.length, 1e-6)
        }
        let onLine = lid.filter { distance($0) < 0.5 }
        let sorted = onLine.sorted { $0.x < $1.x }
        return (first ? sorted.first : sorted.last) ?? a
    }

    private func drawTongue(on canvas: Canvas, mouth: [Point], tongue: [Point]) {
        let visible = Shape.clip(tongue, inside: mouth)
        if visible.count > 2 { canvas.fillPolygon(visible, Color(hex: 0xFF7A8A)) }
    }

    private func drawMouth(on canvas: Canvas, line: Float) {
        let s = scale
        let m = Point(center.x, center.y + mouthDrop * s)
        switch mood {
        case .grumpy:
            // Gritted teeth: a white bar with ink, bent down at the ends.
            let width: Float = 150 * s, height: Float = 50 * s
            var mouth = Path()
            mouth.move(to: Point(m.x - width / 2, m.y + height * 0.35))
            mouth.quad(to: Point(m.x + width / 2, m.y + height * 0.35), control: Point(m.x, m.y - height * 0.75))
            mouth.line(to: Point(m.x + width / 2 - 6 * s, m.y + height * 0.95))
            mouth.quad(to: Point(m.x - width / 2 + 6 * s, m.y + height * 0.95), control: Point(m.x, m.y - height * 0.05))
            mouth.close()
            canvas.outlined(mouth, Color.white, outline: line * 0.8)
            var teethLine = Path()
            teethLine.move(to: Point(m.x - width / 2 + 4 * s, m.y + height * 0.62))
            teethLine.quad(to: Point(m.x + width / 2 - 4 * s, m.y + height * 0.62), control: Point(m.x, m.y - height * 0.38))
            canvas.ink(teethLine, width: line * 0.55)
            // Gaps between teeth, from the top lip's curve to the bottom lip's.
            for t in [Float(0.27), 0.5, 0.73] {
                let x = m.x + (t - 0.5) * width
                let u = 1 - t
                let top = m.y + height * (0.35 * u * u - 1.5 * t * u + 0.35 * t * t)
                let bottom = m.y + height * (0.95 * u * u - 0.1 * t * u + 0.95 * t * t)
                canvas.inkLine(Point(x, top), Point(x, bottom), width: line * 0.55)
            }
        case .annoyed:
            var mouth = Path()
            mouth.move(to: Point(m.x - 62 * s, m.y + 8 * s))
            mouth.line(to: Point(m.x + 44 * s, m.y - 2 * s))
            mouth.quad(to: Point(m.x + 68 * s, m.y + 12 * s), control: Point(m.x + 62 * s, m.y - 4 * s))
            canvas.ink(mouth, width: line * 1.2)
        case .sad:
            var mouth = Path()
            mouth.move(to: Point(m.x - 58 * s, m.y + 22 * s))
            mouth.quad(to: Point(m.x + 58 * s, m.y + 22 * s), control: Point(m.x, m.y - 30 * s))
            canvas.ink(mouth, width: line * 1.2)
        case .yawning:
            let mouth = Shape.ellipse(Point(m.x, m.y + 6 * s), 50 * s, 62 * s)
            canvas.outlined(mouth, Color(hex: 0x5A1A2E), outline: line * 0.8)
            drawTongue(on: canvas, mouth: Shape.ellipsePoints(Point(m.x, m.y + 6 * s), 50 * s, 62 * s),
                       tongue: Shape.ellipsePoints(Point(m.x, m.y + 64 * s), 40 * s, 32 * s))
            canvas.ink(mouth, width: line * 0.8)
        case .worried:
            var mouth = Path()
            let width: Float = 120 * s
            mouth.move(to: Point(m.x - width / 2, m.y + 6 * s))
            for step in 1...4 {
                let x = m.x - width / 2 + Float(step) * width / 4
                let control = Point(x - width / 8, m.y + (step % 2 == 0 ? 22 : -12) * s)
                mouth.quad(to: Point(x, m.y + 6 * s), control: control)
            }
            canvas.ink(mouth, width: line * 1.1)
        case .panicked:
            let mouth = Shape.ellipse(Point(m.x, m.y + 10 * s), 34 * s, 44 * s)
            canvas.outlined(mouth, Color(hex: 0x5A1A2E), outline: line * 0.8)
            drawTongue(on: canvas, mouth: Shape.ellipsePoints(Point(m.x, m.y + 10 * s), 34 * s, 44 * s),
                       tongue: Shape.ellipsePoints(Point(m.x, m.y + 46 * s), 26 * s, 18 * s))
            canvas.ink(mouth, width: line * 0.8)
        }
    }
}
