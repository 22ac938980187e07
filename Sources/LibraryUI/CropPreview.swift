import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

/// The form's picture preview as a crop editor: the part that will show sits as
/// large as it fits in the middle, framed, with corner handles; the rest of the
/// picture stays visible around it, dimmed. Dragging moves the picture under the
/// frame, the wheel and a pinch zoom about the pointer, a corner resizes the crop;
/// with the preview focused the arrows move it, Shift+arrows stretch a free crop,
/// +/− zoom, and a gamepad's left stick moves, its right stick stretches and its
/// triggers zoom. Below it: Free / Square, zoom out and in, and Reset.
extension LibraryScreens {
    /// The crop editor for `picture` (the decoded picture) in the panel `panel`.
    func cropPreview(_ editor: TargetEditor, picture: RasterImage, in panel: Rect) {
        let s = layout.scale
        let width = picture.width, height = picture.height
        if !editor.squareDecided {
            editor.squareDecided = true
            editor.squareCrop = !editor.crop.isFull && editor.crop.isSquare(pictureWidth: width, pictureHeight: height)
        }
        if editor.needsSquaring {
            editor.needsSquaring = false
            editor.crop = editor.crop.squared(pictureWidth: width, pictureHeight: height)
        }
        let (area, row) = Self.previewLayout(in: panel, scale: s)
        let frameArea = area.insetBy(26 * s)

        // One dark well holds the picture and its buttons, so the buttons stand out.
        ui.fillRect(panel.insetBy(8 * s), color: ui.theme.backgroundDeep, cornerRadius: 10 * s)
        var gesture = ui.panZoomSurface(tr("Picture crop"), in: area, tracking: &editor.cropTracking)
        var view = Self.view(of: editor.crop, pictureWidth: width, pictureHeight: height, in: frameArea)
        apply(&gesture, to: editor, view: view, pictureWidth: width, pictureHeight: height)
        // A corner let go of in a way no event said (a dialog took the input) is let go.
        if !editor.cropTracking.isTouching { editor.cornerDrag = nil }
        if editor.cornerDrag == nil { view = Self.view(of: editor.crop, pictureWidth: width, pictureHeight: height, in: frameArea) }
        if let drag = editor.cornerDrag { view = CropView(origin: drag.origin, scale: drag.scale, crop: editor.crop,
                                                           pictureWidth: width, pictureHeight: height) }
        draw(picture: picture, view: view, area: area, editor: editor, control: gesture.control)
        controlRow(editor, pictureWidth: width, pictureHeight: height, in: row)
    }

    /// The picture's area and the button row under it, inside the preview's panel.
    static func previewLayout(in panel: Rect, scale s: Float) -> (area: Rect, row: Rect) {
        let rowHeight = 44 * s
        let row = Rect(x: panel.minX + 14 * s, y: panel.maxY - 14 * s - rowHeight, width: panel.width - 28 * s, height: rowHeight)
        let area = Rect(x: panel.minX + 12 * s, y: panel.minY + 12 * s, width: panel.width - 24 * s, height: row.minY - 10 * s - panel.minY - 12 * s)
        return (area, row)
    }

    /// Built-in art in the preview: shown whole, with a word on why it has no crop.
    func wholeArtPreview(_ art: RasterImage, in panel: Rect) {
        let s = layout.scale
        let (area, row) = Self.previewLayout(in: panel, scale: s)
        ui.image(art, in: area, cornerRadius: 12 * s, fit: .fit)
        ui.label(tr("Only photos can be cropped."), style: .muted, alignment: .center, in: row)
    }

    /// Where the picture lies on screen: its top-left corner and pixels per picture
    /// pixel, with the crop it frames.
    struct CropView {
        var origin: Point
        var scale: Float
        var crop: PictureCrop
        var pictureWidth: Int
        var pictureHeight: Int

        /// The crop's frame on screen.
        var frame: Rect {
            Rect(x: origin.x + crop.x * Float(pictureWidth) * scale, y: origin.y + crop.y * Float(pictureHeight) * scale,
                 width: crop.width * Float(pictureWidth) * scale, height: crop.height * Float(pictureHeight) * scale)
        }

        var pictureRect: Rect {
            Rect(x: origin.x, y: origin.y, width: Float(pictureWidth) * scale, height: Float(pictureHeight) * scale)
        }

        /// A screen point as picture fractions.
        func fraction(of point: Point) -> (x: Float, y: Float) {
            ((point.x - origin.x) / (Float(pictureWidth) * scale), (point.y - origin.y) / (Float(pictureHeight) * scale))
        }

        /// The corners of the frame, clockwise from the top left.
        var corners: [Point] {
            let f = frame
            return [Point(f.minX, f.minY), Point(f.maxX, f.minY), Point(f.maxX, f.maxY), Point(f.minX, f.maxY)]
        }
    }

    /// The crop framed as large as it fits in `area`, centred.
    static func view(of crop: PictureCrop, pictureWidth: Int, pictureHeight: Int, in area: Rect) -> CropView {
        let cropWidth = max(1, crop.width * Float(pictureWidth)), cropHeight = max(1, crop.height * Float(pictureHeight))
        let scale = min(area.width / cropWidth, area.height / cropHeight)
        let frameX = area.minX + (area.width - cropWidth * scale) / 2, frameY = area.minY + (area.height - cropHeight * scale) / 2
        let origin = Point(frameX - crop.x * Float(pictureWidth) * scale, frameY - crop.y * Float(pictureHeight) * scale)
        return CropView(origin: origin, scale: scale, crop: crop, pictureWidth: pictureWidth, pictureHeight: pictureHeight)
    }

    /// One step of the arrows or a stick: a twentieth of what shows.
    static let stepFraction: Float = 0.05

    /// This frame's gesture, applied to the form's crop.
    private func apply(_ gesture: inout PanZoomGesture, to editor: TargetEditor, view: CropView, pictureWidth: Int, pictureHeight: Int) {
        guard !gesture.isEmpty else { return }
        let w = Float(pictureWidth), h = Float(pictureHeight)
        var crop = editor.crop
        if gesture.dragBegan, let start = gesture.dragStart, let corner = nearestCorner(to: start, of: view) {
            let opposite = view.corners[(corner + 2) % 4]
            let anchor = view.fraction(of: opposite)
            editor.cornerDrag = TargetEditor.CornerDrag(corner: corner, anchor: anchor, origin: view.origin, scale: view.scale, point: start)
        }
        if var drag = editor.cornerDrag {
            drag.point = drag.point + gesture.drag
            editor.cornerDrag = drag
            crop = Self.cornerCrop(drag, view: view, square: editor.squareCrop, pictureWidth: pictureWidth, pictureHeight: pictureHeight)
            if gesture.dragEnded || gesture.dragStart == nil { editor.cornerDrag = nil }
        } else if gesture.drag != Point(0, 0) {
            // The picture follows the pointer, so the crop moves the other way.
            crop = crop.panned(dx: -gesture.drag.x / (w * view.scale), dy: -gesture.drag.y / (h * view.scale))
        }
        if gesture.zoom != 1 {
            let frame = view.frame
            let center = gesture.zoomCenter ?? frame.center
            crop = crop.zoomed(by: gesture.zoom, around: (center.x - frame.minX) / max(1, frame.width),
                               cy: (center.y - frame.minY) / max(1, frame.height))
        }
        if gesture.nudge != Point(0, 0) {
            crop = crop.panned(dx: gesture.nudge.x * Self.stepFraction * crop.width, dy: gesture.nudge.y * Self.stepFraction * crop.height)
        }
        if gesture.stretch != Point(0, 0) && !editor.squareCrop {
            crop = crop.resized(dw: gesture.stretch.x * Self.stepFraction * crop.width, dh: gesture.stretch.y * Self.stepFraction * crop.height)
        }
        editor.crop = crop
    }

    /// The corner of the frame within reach of `point` (a finger reaches further).
    private func nearestCorner(to point: Point, of view: CropView) -> Int? {
        let reach = (ui.pointerIsTouch ? 36 : 24) * layout.scale
        var best: (index: Int, distance: Float)?
        for (index, corner) in view.corners.enumerated() {
            let distance = (corner - point).length
            if distance <= reach, distance < (best?.distance ?? .infinity) { best = (index, distance) }
        }
        return best?.index
    }

    /// The crop a dragged corner makes: from the corner that stays put to the pointer,
    /// never turned inside out, at least the smallest crop, inside the picture; square
    /// (in pixels) when Square is on.
    static func cornerCrop(_ drag: TargetEditor.CornerDrag, view: CropView, square: Bool, pictureWidth: Int, pictureHeight: Int) -> PictureCrop {
        let w = Float(pictureWidth), h = Float(pictureHeight)
        let held = CropView(origin: drag.origin, scale: drag.scale, crop: view.crop, pictureWidth: pictureWidth, pictureHeight: pictureHeight)
        let point = held.fraction(of: drag.point)
        // Which way from the anchor this corner lies: right or left, down or up.
        let towardRight = drag.corner == 1 || drag.corner == 2, towardBottom = drag.corner == 2 || drag.corner == 3
        let roomX = towardRight ? 1 - drag.anchor.x : drag.anchor.x
        let roomY = towardBottom ? 1 - drag.anchor.y : drag.anchor.y
        var spanX = min(roomX, max(PictureCrop.smallest, towardRight ? point.x - drag.anchor.x : drag.anchor.x - point.x))
        var spanY = min(roomY, max(PictureCrop.smallest, towardBottom ? point.y - drag.anchor.y : drag.anchor.y - point.y))
        if square {
            // The longer reach decides, as far as the room and the smallest side allow.
            let smallestSide = PictureCrop.smallest * max(w, h)
            let side = max(smallestSide, min(max(spanX * w, spanY * h), roomX * w, roomY * h))
            spanX = side / w
            spanY = side / h
        }
        let x = towardRight ? drag.anchor.x : drag.anchor.x - spanX
        let y = towardBottom ? drag.anchor.y : drag.anchor.y - spanY
        return PictureCrop(x: x, y: y, width: spanX, height: spanY)
    }

    // MARK: Drawing

    private func draw(picture: RasterImage, view: CropView, area: Rect, editor: TargetEditor, control: ControlState) {
        let s = layout.scale
        let theme = ui.theme
        ui.pushClip(area)
        ui.fillRect(area, color: theme.backgroundDeep, cornerRadius: 12 * s)
        // Shown small, the picture is drawn from the smallest of its halvings that still
        // has a pixel for each on screen: a bilinear draw of many pixels into few breaks
        // fine lines up. Made once per picture (a few milliseconds for 2048 px).
        if editor.previewSource !== picture {
            editor.previewSource = picture
            editor.previewLevels.removeAll()
            var level = picture
            while max(level.width, level.height) > PictureCache.thumbnailSize && level.width > 1 && level.height > 1 {
                level = level.halved()
                editor.previewLevels.append(level)
            }
        }
        let pictureRect = view.pictureRect
        var source = picture
        var perScreenPixel = 1 / max(view.scale, 1e-6)
        for level in editor.previewLevels where perScreenPixel >= 2 {
            source = level
            perScreenPixel /= 2
        }
        ui.image(source, in: pictureRect, fit: .fill)
        // Outside the frame: dimmed, so what will show stands out. On whole pixels, so
        // the four dimmed bands meet without a seam where their edges would overlap.
        let exact = view.frame
        let frame = Rect(x: exact.minX.rounded(), y: exact.minY.rounded(), width: exact.maxX.rounded() - exact.minX.rounded(),
                         height: exact.maxY.rounded() - exact.minY.rounded())
        let dim = Color(r: 0.06, g: 0.06, b: 0.12, a: 0.62)
        ui.fillRect(Rect(x: area.minX, y: area.minY, width: area.width, height: max(0, frame.minY - area.minY)), color: dim)
        ui.fillRect(Rect(x: area.minX, y: frame.maxY, width: area.width, height: max(0, area.maxY - frame.maxY)), color: dim)
        ui.fillRect(Rect(x: area.minX, y: frame.minY, width: max(0, frame.minX - area.minX), height: frame.height), color: dim)
        ui.fillRect(Rect(x: frame.maxX, y: frame.minY, width: max(0, area.maxX - frame.maxX), height: frame.height), color: dim)
        let interacting = editor.cropTracking.isTouching || editor.cornerDrag != nil
        if interacting {
            // Thirds, while moving it, to line a face up by.
            let line = Color(r: 1, g: 1, b: 1, a: 0.35)
            for third in 1...2 {
                let t = Float(third) / 3
                ui.fillRect(Rect(x: frame.minX + frame.width * t - 0.5 * s, y: frame.minY, width: 1 * s, height: frame.height), color: line)
                ui.fillRect(Rect(x: frame.minX, y: frame.minY + frame.height * t - 0.5 * s, width: frame.width, height: 1 * s), color: line)
            }
        }
        let outline = Color(r: 1, g: 0.97, b: 0.92, a: 0.9)
        ui.draw(.stroke(frame, cornerRadius: 0, color: outline, width: max(1, 1.5 * s)))
        // Corner handles: thick brackets just outside the frame's corners.
        let length = min(22 * s, frame.width / 3, frame.height / 3), thick = 4 * s
        let handle = control.isFocused && ui.focusVisible ? theme.highlight : Color(r: 1, g: 1, b: 1, a: 1)
        let shadow = Color(r: 0, g: 0, b: 0, a: 0.35)
        let corners = [Point(frame.minX, frame.minY), Point(frame.maxX, frame.minY), Point(frame.maxX, frame.maxY), Point(frame.minX, frame.maxY)]
        for (index, corner) in corners.enumerated() {
            let right = index == 1 || index == 2, bottom = index == 2 || index == 3
            // Each bracket is a bar along the frame's edge and a post down its side,
            // both centred on the outline and reaching inward from the corner.
            let bar = Rect(x: right ? corner.x - length + thick / 2 : corner.x - thick / 2, y: corner.y - thick / 2,
                           width: length, height: thick)
            let post = Rect(x: corner.x - thick / 2, y: bottom ? corner.y - length + thick / 2 : corner.y - thick / 2,
                            width: thick, height: length)
            for piece in [bar, post] {
                ui.fillRect(piece.offsetBy(dx: 0, dy: 1 * s), color: shadow, cornerRadius: thick / 2)
                ui.fillRect(piece, color: handle, cornerRadius: thick / 2)
            }
        }
        ui.popClip()
    }

    /// Free / Square, zoom out and in, and Reset, under the preview. None of them
    /// takes Enter: it still saves the form from here.
    private func controlRow(_ editor: TargetEditor, pictureWidth: Int, pictureHeight: Int, in row: Rect) {
        let s = layout.scale
        let gap = 8 * s
        let segmentWidth = min(100 * s, (row.width - 3 * gap - 2 * row.height) / 3)
        var x = row.minX
        // The ids stay English ("Free crop"); the titles are what shows.
        // TRANSLATORS: the crop's shape: any (free) or square.
        let titles = [trc("crop shape", "Free"), trc("crop shape", "Square")]
        for (index, label) in ["Free", "Square"].enumerated() {
            let rect = Rect(x: x, y: row.minY, width: segmentWidth, height: row.height)
            let on = (index == 1) == editor.squareCrop
            if ui.toolButton(label + " crop", title: titles[index], lit: on, corners: (index == 0, index == 1), in: rect).clicked, !on {
                editor.squareCrop = index == 1
                if editor.squareCrop { editor.crop = editor.crop.squared(pictureWidth: pictureWidth, pictureHeight: pictureHeight) }
            }
            x += segmentWidth
        }
        x += gap
        if ui.toolButton(tr("Zoom out"), icon: "−", in: Rect(x: x, y: row.minY, width: row.height, height: row.height)).clicked {
            editor.crop = editor.crop.zoomed(by: 1 / 1.25)
        }
        x += row.height + gap / 2
        if ui.toolButton(tr("Zoom in"), icon: "+", in: Rect(x: x, y: row.minY, width: row.height, height: row.height)).clicked {
            editor.crop = editor.crop.zoomed(by: 1.25)
        }
        x += row.height + gap
        let resetWidth = min(row.maxX - x, 110 * s)
        let whole = editor.crop.isFull && !editor.squareCrop
        if ui.toolButton("Reset crop", title: trc("crop", "Reset"), enabled: !whole,
                         in: Rect(x: row.maxX - resetWidth, y: row.minY, width: resetWidth, height: row.height)).clicked {
            // The whole picture again, free.
            editor.crop = .full
            editor.squareCrop = false
            editor.cornerDrag = nil
        }
    }
}
