import Raster

/// One tool's pictures, decoded once at start: the sprite drawn where a hit lands,
/// the tool alone (strip and reticle), and the piece its impact throws.
public struct ToolArt {
    public var sprite: RasterImage
    public var icon: RasterImage?
    public var bit: RasterImage?
    /// The other piece it throws among them: the fist's and the slap's speed lines,
    /// the tomato's seeds.
    public var secondBit: RasterImage?

    public init(sprite: RasterImage, icon: RasterImage?, bit: RasterImage?, secondBit: RasterImage? = nil) {
        self.sprite = sprite
        self.icon = icon
        self.bit = bit
        self.secondBit = secondBit
    }
}
