import Raster

/// Foundation also has an AffineTransform; in this module the name means Raster's.
public typealias AffineTransform = Raster.AffineTransform
