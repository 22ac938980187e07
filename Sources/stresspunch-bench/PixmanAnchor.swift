import CPixman
import Raster

/// pixman compositing the same picture with the same transform: OVER, bilinear,
/// a8r8g8b8 (premultiplied, like ours) into a canvas of the same size, over the same
/// destination rectangle ours touches.
final class PixmanAffineAnchor {
    let destination: Canvas
    private let sourceImage: OpaquePointer
    private let destinationImage: OpaquePointer
    private let area: PixelRect

    init?(picture: RasterImage, transform: AffineTransform, destination: Canvas) {
        guard let inverse = transform.inverted,
              let source = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(picture.width), Int32(picture.height),
                                                     picture.pixels, Int32(picture.width * 4)),
              let target = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(destination.width), Int32(destination.height),
                                                     destination.pixels, Int32(destination.stride * 4))
        else { return nil }
        self.destination = destination
        sourceImage = source
        destinationImage = target
        // pixman's transform maps destination to source, the inverse of ours; both
        // sample at pixel centres with texel centres at +0.5, so the geometry matches.
        var matrix = pixman_f_transform()
        matrix.m = ((Double(inverse.a), Double(inverse.c), Double(inverse.tx)),
                    (Double(inverse.b), Double(inverse.d), Double(inverse.ty)),
                    (0, 0, 1))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &matrix) != 0,
              pixman_image_set_transform(source, &fixed) != 0,
              pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0) != 0
        else { return nil }
        // REPEAT_NONE (the default): outside the picture is transparent, like ours.
        pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
        // The destination bounds of the picture, as ours computes them.
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        for corner in 0..<4 {
            let w = Float(picture.width), h = Float(picture.height)
            let p = transform.apply(Point(corner == 1 || corner == 2 ? w + 1 : -1, corner >= 2 ? h + 1 : -1))
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        area = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).enclosingPixels
            .intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
    }

    deinit {
        pixman_image_unref(sourceImage)
        pixman_image_unref(destinationImage)
    }

    func draw() {
        pixman_image_composite32(PIXMAN_OP_OVER, sourceImage, nil, destinationImage,
                                 Int32(area.x), Int32(area.y), 0, 0, Int32(area.x), Int32(area.y),
                                 Int32(area.width), Int32(area.height))
    }
}
