import Raster

/// Where things sit on the main screen for a given framebuffer size. Everything scales
/// with the window, so 1280x720 and 4K look the same, only sharper.
public struct MainLayout: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// 1 at 720p-ish sizes, 3 at 4K (1.5 for 1080x1920 portrait).
    public let scale: Float
    public let header: Rect
    public let stage: Rect
    public let favoritesBar: Rect
    /// Rows of favorite cards: two on a tall portrait screen, whose width cannot hold
    /// four cards with readable names, one otherwise.
    public let favoriteRows: Int
    /// Kiosk mode: the top-right corner the operator holds to open the PIN pad.
    public let operatorCorner: Rect
    /// The desktop's Stats button, top right, and the Rush button, top left.
    public let statsButton: Rect
    public let rushButton: Rect
    public let versusButton: Rect
    /// The desktop's Settings button, left of Stats.
    public let settingsButton: Rect
    /// Where the punch screen's toasts sit (the first-launch hint, "Added …"): one
    /// line just above the favorites bar, kept out of the picture's room so a toast
    /// never hides the bottom of a photo. The UI stacks toasts up from its bottom.
    public let toastLine: Rect
    /// The lowest the picture reaches: above the toast line, and on a tall screen
    /// above the tool row too.
    let pictureRoomBottom: Float
    /// Wash, at the stage's lower right, while the target has marks.
    public let washButton: Rect
    /// Where the target's name is written: the header, clear of the corner buttons.
    public let titleArea: Rect
    /// The tool strip: a column down the stage's left edge above Wash (on a tall
    /// screen a row beside Wash), one round button per tool.
    public let toolStrip: Rect
    /// Each tool button's side, and the strip's columns (two when one would not fit).
    public let toolButtonSide: Float
    let toolColumns: Int
    let toolVertical: Bool
    /// The strip runs down the stage's left edge above Wash (else it is a row right of Wash).
    public var toolStripIsColumn: Bool { toolVertical }
    /// How many buttons the strip holds.
    public static let toolCount = 6

    /// `kiosk` makes the favorites bar, the only navigation there, larger for fingers.
    /// `uiScale` (1...2, the user's setting) enlarges everything, up to what still
    /// fits the window: about a 900x560 window's worth at 100 %. `density` is the
    /// desktop's pixels per 96-dpi pixel: everything fills the window at any density,
    /// but the smallest scale (a small window's) is that many times larger, so text in
    /// a small window on a 2x screen is as large to the eye as on a 1x one.
    public init(width: Int, height: Int, kiosk: Bool = false, uiScale: Float = 1, density: Float = 1) {
        self.width = width
        self.height = height
        let w = Float(width), h = Float(height)
        // A portrait screen (a kiosk stood on end) scales like 720x1280, not like a
        // 1280-wide screen squeezed, so its text and cards are not left tiny.
        let smallest = 0.6 * max(1, density)
        let fitted = h > w ? max(smallest, min(w / 720, h / 1280)) : max(smallest, min(w / 1280, h / 720))
        let largest = h > w ? min(w / 560, h / 900) : min(w / 900, h / 560)
        scale = max(fitted, min(fitted * max(1, uiScale), largest))
        let margin = 24 * scale
        header = Rect(x: margin, y: margin * 0.75, width: w - 2 * margin, height: 96 * scale)
        favoriteRows = h > w * 1.3 ? 2 : 1
        let rowHeight = (kiosk ? 168 : 132) * scale
        let barHeight = rowHeight * Float(favoriteRows) + 14 * scale * Float(favoriteRows - 1)
        favoritesBar = Rect(x: margin, y: h - barHeight - margin * 0.5, width: w - 2 * margin, height: barHeight)
        let stageTop = header.maxY + margin * 0.25
        // A one-line toast's height (the UI's control height) and its gap above the bar.
        toastLine = Rect(x: margin, y: favoritesBar.minY - 58 * scale, width: w - 2 * margin, height: 48 * scale)
        let corner = 76 * scale
        operatorCorner = Rect(x: w - corner - margin * 0.25, y: margin * 0.25, width: corner, height: corner)
        // Wider than "Stats" needs: a longer language's word ("Statistik", "Estadísticas") fits, within the 300 kept clear of the name.
        statsButton = Rect(x: w - margin - 168 * scale, y: margin * 0.75, width: 168 * scale, height: 48 * scale)
        rushButton = Rect(x: margin, y: margin * 0.75, width: 132 * scale, height: 48 * scale)
        versusButton = Rect(x: rushButton.maxX + 10 * scale, y: rushButton.minY, width: 150 * scale, height: rushButton.height)
        settingsButton = Rect(x: statsButton.minX - 58 * scale, y: statsButton.minY, width: 48 * scale, height: 48 * scale)
        // Between the corner buttons where a name fits there; on a narrow or tall window
        // under them, across the whole width (a kiosk has no corner buttons).
        if kiosk {
            // Clear of the operator's corner (its lock), on both sides so the name stays centred.
            let inset = operatorCorner.width + 4 * scale
            titleArea = Rect(x: header.minX + inset, y: header.minY, width: header.width - 2 * inset, height: header.height)
        } else if header.width - 600 * scale >= 440 * scale {
            titleArea = Rect(x: header.minX + 300 * scale, y: header.minY, width: header.width - 600 * scale, height: header.height)
        } else {
            titleArea = Rect(x: header.minX, y: header.minY + 56 * scale, width: header.width, height: header.height)
        }
        // Below the name and message wherever they are (under the corner buttons on a
        // narrow window): a picture under them hid the message's lines.
        let pictureTop = max(stageTop, titleArea.maxY + margin * 0.25)
        stage = Rect(x: margin, y: pictureTop, width: w - 2 * margin, height: max(40, favoritesBar.minY - pictureTop - margin * 0.5))
        // Lower left: the combo counter has the lower right. On a tall screen the tools
        // share Wash's line, which sits above the toast line (a toast there would hide
        // them), and the picture ends above it; on a wide one Wash keeps the corner.
        let wide = stage.width >= stage.height * 1.2
        let washTop = wide ? stage.maxY - 52 * scale : min(stage.maxY - 52 * scale, toastLine.minY - 56 * scale)
        washButton = Rect(x: stage.minX, y: washTop, width: 130 * scale, height: 48 * scale)
        pictureRoomBottom = (wide ? toastLine.minY : washButton.minY) - 8 * scale
        let gap = 8 * scale, count = Float(Self.toolCount)
        if wide {
            // Down the left edge, stopping short of Wash; two columns when one would be too small.
            // Below the name and message where they come down into the stage (a narrow
            // window writes them under the corner buttons, across the whole width).
            let top = max(stage.minY, titleArea.maxY) + gap
            let room = washButton.minY - 12 * scale - top
            var columns = 1
            var side = min(56 * scale, (room - (count - 1) * gap) / count)
            if side < 40 * scale {
                columns = 2
                side = min(56 * scale, (room - (count / 2 - 1) * gap) / (count / 2))
            }
            side = max(16, side)
            let rows = Float(Self.toolCount / columns)
            toolStrip = Rect(x: stage.minX + 4 * scale, y: top, width: side * Float(columns) + gap * Float(columns - 1),
                             height: side * rows + gap * (rows - 1))
            toolButtonSide = side
            toolColumns = columns
            toolVertical = true
        } else {
            // A tall screen's picture spans the stage's width: the row sits on Wash's line,
            // right of it and clear of the combo counter in the lower right corner.
            // Centred under the picture where that keeps it clear of both (it looked
            // off-centre while Wash was hidden), else as near the middle as they allow.
            let earliest = washButton.maxX + 12 * scale, right = stage.maxX - 240 * scale
            let side = max(16, min(56 * scale, (right - earliest - (count - 1) * gap) / count))
            let stripWidth = side * count + gap * (count - 1)
            let left = max(earliest, min(stage.center.x - stripWidth / 2, right - stripWidth))
            toolStrip = Rect(x: left, y: washButton.center.y - side / 2, width: stripWidth, height: side)
            toolButtonSide = side
            toolColumns = Self.toolCount
            toolVertical = false
        }
    }

    /// The tool button at `index` (0-based, the tools' order) in the strip.
    public func toolButton(_ index: Int) -> Rect {
        let gap = 8 * scale
        let column = toolVertical ? index % toolColumns : index
        let row = toolVertical ? index / toolColumns : 0
        return Rect(x: toolStrip.minX + Float(column) * (toolButtonSide + gap), y: toolStrip.minY + Float(row) * (toolButtonSide + gap),
                    width: toolButtonSide, height: toolButtonSide)
    }

    /// The picture's rectangle: aspect-fit in the stage, centred, with breathing room.
    public func pictureRect(imageWidth: Int, imageHeight: Int) -> Rect {
        var room = stage.insetBy(stage.height * 0.04)
        // Clear of the toast line (and a tall screen's tool row), on any screen with
        // room to keep a picture of some size (the smallest let a toast cover it).
        if pictureRoomBottom - room.minY >= room.height * 0.6 { room.height = min(room.height, pictureRoomBottom - room.minY) }
        let fit = min(room.width / Float(max(1, imageWidth)), room.height / Float(max(1, imageHeight)))
        let drawWidth = Float(imageWidth) * fit, drawHeight = Float(imageHeight) * fit
        return Rect(x: room.center.x - drawWidth / 2, y: room.center.y - drawHeight / 2, width: drawWidth, height: drawHeight)
    }

    /// Where the target sits when its picture is not loaded yet (a square).
    public var placeholderRect: Rect { pictureRect(imageWidth: 1, imageHeight: 1) }
}
