import StressCore
import Testing

@Suite("Marks on a target")
struct MarkSetTests {
    @Test("hits near a mark deepen it instead of stacking copies; a hit far away makes another")
    func nearbyHitsDeepen() {
        var marks = MarkSet()
        marks.hit(x: 0.5, y: 0.5, strength: 500, tool: .fist, at: 1)
        let first = marks.marks[0].depth
        for index in 0..<5 { marks.hit(x: 0.5 + Float(index) * 0.005, y: 0.5, strength: 500, tool: .fist, at: 2) }
        #expect(marks.count == 1)
        #expect(marks.marks[0].depth > first && marks.marks[0].hits == 6)
        marks.hit(x: 0.9, y: 0.1, strength: 500, tool: .fist, at: 3)
        #expect(marks.count == 2)
        // Another tool's hit in the same place is its own mark.
        marks.hit(x: 0.5, y: 0.5, strength: 500, tool: .pie, at: 4)
        #expect(marks.count == 3)
    }

    @Test("depth never passes 1, and a harder hit makes a deeper first mark")
    func depthBounds() {
        var marks = MarkSet()
        for _ in 0..<200 { marks.hit(x: 0.3, y: 0.3, strength: 999, tool: .fist, at: 0) }
        #expect(marks.marks[0].depth == 1)
        var soft = MarkSet(), hard = MarkSet()
        soft.hit(x: 0.3, y: 0.3, strength: 100, tool: .fist, at: 0)
        hard.hit(x: 0.3, y: 0.3, strength: 900, tool: .fist, at: 0)
        #expect(hard.marks[0].depth > soft.marks[0].depth)
    }

    @Test("100,000 hits all over keep at most 300 marks: they merge where they meet")
    func bounded() {
        var marks = MarkSet()
        var random = SeededRandom(seed: 7)
        for index in 0..<100_000 {
            marks.hit(x: random.nextUnit(), y: random.nextUnit(), strength: 500, tool: .fist, at: Double(index))
        }
        #expect(marks.count <= MarkSet.capacity)
        #expect(marks.count > 100)
    }

    @Test("past 300 separate marks the oldest goes first")
    func oldestGoes() {
        var marks = MarkSet()
        var time = 0.0
        // A 12 x 12 grid of spots too far apart to merge, for each of three tools:
        // 432 marks asked for.
        for tool in [PunchTool.fist, .pie, .tomato] {
            for row in 0..<12 { for column in 0..<12 {
                marks.hit(x: 0.02 + Float(column) * 0.085, y: 0.02 + Float(row) * 0.085, strength: 500, tool: tool, at: time)
                time += 1
            } }
        }
        #expect(marks.count == MarkSet.capacity)
        let births = marks.marks.map(\.born)
        #expect(births == births.sorted(), "kept oldest first")
        #expect(births.first == 132, "the first 132 went")
    }

    @Test("a wash empties the set and Undo's restore puts the same marks back; each change bumps the version")
    func washAndRestore() {
        var marks = MarkSet()
        marks.hit(x: 0.2, y: 0.2, strength: 500, tool: .fist, at: 0)
        marks.hit(x: 0.8, y: 0.8, strength: 500, tool: .fist, at: 0)
        let before = marks.marks, version = marks.version
        marks.removeAll()
        #expect(marks.isEmpty && marks.version > version)
        marks.restore(before)
        #expect(marks.marks == before)
    }
}
