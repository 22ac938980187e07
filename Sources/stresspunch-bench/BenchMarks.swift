import StressCore

/// The marks `compose_1080p_marks` draws: 300, as many as a target keeps, spread
/// over the picture in three tools' grids so none merge, at mixed depths.
enum BenchMarks {
    static func threeHundred() -> MarkSet {
        var marks = MarkSet()
        var random = SeededRandom(seed: 0x3A11)
        var time = 0.0
        for tool in [PunchTool.fist, .pie, .tomato] {
            for row in 0..<12 { for column in 0..<12 {
                let strength = Int(random.nextUnit() * 999)
                marks.hit(x: 0.04 + Float(column) * 0.083, y: 0.04 + Float(row) * 0.083, strength: strength, tool: tool, at: time)
                time += 1
            } }
        }
        return marks
    }
}
