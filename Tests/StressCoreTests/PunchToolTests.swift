import StressCore
import Testing

@Suite("Punch tools")
struct PunchToolTests {
    @Test("there are six tools, the fist first, and stepping wraps at either end")
    func steppingWraps() {
        #expect(PunchTool.allCases.map(\.rawValue) == ["fist", "slap", "pillow", "pie", "tomato", "mallet"])
        #expect(PunchTool.fist.stepped(by: -1) == .mallet)
        #expect(PunchTool.mallet.stepped(by: 1) == .fist)
        #expect(PunchTool.pie.stepped(by: 1) == .tomato)
        #expect(PunchTool.slap.stepped(by: 6) == .slap)
        #expect(PunchTool.slap.stepped(by: -13) == .fist)
    }

    @Test("every tool has two or more sounds of its own, the fist keeps the punch sounds, and a hit's cue names its tool and file")
    func soundsAreEachTools() {
        var seen: Set<String> = []
        for tool in PunchTool.allCases {
            #expect(tool.soundNames.count >= 2)
            #expect(tool.soundVariants == tool.soundNames.count)
            for (variant, name) in tool.soundNames.enumerated() {
                #expect(!seen.contains(name), "\(name) is shared")
                seen.insert(name)
                let cue = SoundCue.hit(tool, variant: variant)
                #expect(cue.tool == tool && cue.builtinName == name)
            }
        }
        #expect(PunchTool.fist.soundNames == SoundNames.punches)
        #expect(SoundCue.bigThump.tool == nil && SoundCue.bigThump.builtinName == SoundNames.bigThump)
        #expect(Set(SoundNames.all) == seen.union([SoundNames.bigThump, SoundNames.click]))
    }

    @Test("only the pillow leaves no mark; every tool's rumble starts at the hit and grows with power")
    func marksAndRumble() {
        #expect(PunchTool.allCases.filter { !$0.leavesMark } == [.pillow])
        for tool in PunchTool.allCases {
            let soft = tool.rumble(power: 0), hard = tool.rumble(power: 1)
            #expect(soft.first?.delay == 0 && !soft.isEmpty)
            #expect(soft.count == hard.count)
            #expect((hard.first?.strength ?? 0) > (soft.first?.strength ?? 1))
            #expect(hard.allSatisfy { $0.strength <= 1 && $0.milliseconds > 0 })
        }
        // Patterns differ: not every tool is one thump.
        #expect(Set(PunchTool.allCases.map { $0.rumble(power: 0.5).count }).count > 1)
    }

    @Test("the tool setting takes a tool's name in any case, refuses others, and reads back")
    func toolSetting() throws {
        var settings = UserSettings()
        #expect(settings.tool == .fist)
        try settings.set(.tool, " Pie ")
        #expect(settings.tool == .pie && settings.value(.tool) == "pie")
        #expect(throws: UserSettings.Refusal.badValue(.tool, "hammer")) { try settings.set(.tool, "hammer") }
        #expect(UserSettings.Refusal.badValue(.tool, "hammer").description
            == "tool takes one of fist, slap, pillow, pie, tomato, mallet, not \"hammer\"")
        let stored = settings.stored
        #expect(UserSettings { stored[$0] }.tool == .pie)
        // A damaged value reads as the default.
        #expect(UserSettings { $0.key == "settings.tool" ? "chainsaw" : nil }.tool == .fist)
    }
}
