import ImmediateUI
import Testing

@Suite("Widget ids")
struct IdentityTests {
    @Test("ids are FNV-1a 64 of the label, the same in every process")
    func fnvVectors() {
        // Published FNV-1a 64-bit test vectors.
        #expect(WidgetID.of("").rawValue == 0xcbf2_9ce4_8422_2325)
        #expect(WidgetID.of("a").rawValue == 0xaf63_dc4c_8601_ec8c)
        #expect(WidgetID.of("foobar").rawValue == 0x8594_4171_f739_67e8)
    }

    @Test("an id inside a scope continues the hash from the scope's id")
    func scopes() {
        // FNV-1a by hand for "b" after "a": ((0xaf63dc4c8601ec8c ^ 0x62) * prime) mod 2^64.
        let byHand = (UInt64(0xaf63_dc4c_8601_ec8c) ^ 0x62) &* 0x0000_0100_0000_01b3
        #expect(WidgetID.of("b", in: WidgetID.of("a")).rawValue == byHand)
        #expect(WidgetID.of("b", in: WidgetID.of("a")) == WidgetID.of("ab"))
        // An integer scope hashes its 8 little-endian bytes.
        let seven = WidgetID.hash([7, 0, 0, 0, 0, 0, 0, 0])
        #expect(WidgetID.of(Int64(7)).rawValue == seven)
    }

    @Test("a widget keeps its id across frames, and list rows differ by their pushed id")
    func stableAcrossFrames() {
        let harness = UIHarness()
        var seen: [[WidgetID]] = []
        for _ in 0..<3 {
            var frame: [WidgetID] = []
            harness.frame { ui in
                for target in [Int64(11), 12] {
                    ui.pushID(target)
                    frame.append(ui.id("star"))
                    ui.popID()
                }
                frame.append(ui.id("Add target"))
            }
            seen.append(frame)
        }
        #expect(seen[0] == seen[1] && seen[1] == seen[2])
        #expect(seen[0][0] != seen[0][1])
        #expect(seen[0][0] == WidgetID.of("star", in: WidgetID.of(Int64(11))))
        #expect(seen[0][2] == WidgetID.of("Add target"))
    }
}
