import Foundation
import TestSupport
import Testing

@Suite("The portable kernels, end to end")
struct PortableKernelsTests {
    /// STRESSPUNCH_SIMD=baseline must change the time a frame takes, never its pixels:
    /// the built-in target mid-squash (bilinear, flash and fade), its glow and shadow,
    /// the header text and a second punch's marks, with and without the switch. (On a
    /// CPU without AVX2 both runs are the portable code and this holds trivially.)
    @Test("STRESSPUNCH_SIMD=baseline draws the punched screen byte for byte as the default kernels")
    func sameBytesBothWays() throws {
        let script = """
            0.10 click 640 380
            0.18 click 700 300
            0.24 screenshot $DIR/shot.png
            0.30 quit
            """
        var shots: [Data] = []
        for environment in [["STRESSPUNCH_SIMD": ""], ["STRESSPUNCH_SIMD": "baseline"]] {
            let run = HeadlessRun()
            let result = try run.run(script, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            shots.append(try Data(contentsOf: run.folder.file("shot.png")))
        }
        #expect(shots[0] == shots[1], "the portable kernels drew different pixels from the default ones")
    }
}
