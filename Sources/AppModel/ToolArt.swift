import Raster

/// One tool's pictures, decoded once at start: the sprite drawn where a hit lands,
/// the tool alone (strip and reticle), and the piece its impact throws.
public struct ToolArt {
    public var sprite: RasterImage
    public var icon: RasterImage?
    public var bit: RasterImage?
    /// The speed line it throws besides its pieces (the fist and the slap).
    public var streak: RasterImage?

    public init(sprite: RasterImage, icon: RasterImage?, bit: RasterImage?, streak: RasterImage? = nil) {
        self.sprite = sprite
        self.icon = icon
        self.bit = bit
        self.streak = streak
    }
}
