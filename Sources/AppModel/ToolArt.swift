import Raster

/// One tool's pictures, decoded once at start: the sprite drawn where a hit lands,
/// the tool alone (strip and reticle), and the piece its impact throws.
public struct ToolArt {
    public var sprite: RasterImage
    public var icon: RasterImage?
    public var bit: RasterImage?

    public init(sprite: RasterImage, icon: RasterImage?, bit: RasterImage?) {
        self.sprite = sprite
        self.icon = icon
        self.bit = bit
    }
}
