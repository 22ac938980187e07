import Pictures
import Testing

@Suite("The DCT scale a JPEG is decoded at")
struct JPEGScaleTests {
    @Test("the smallest M/8 scale whose long side still covers the stored size is picked")
    func smallestCovering() {
        // 24 MP camera photo to 2048: 3/8 gives 2250, 2/8 only 1500.
        #expect(JPEGScale.smallest(covering: 2048, width: 6000, height: 4000) == JPEGScale(numerator: 3, denominator: 8))
        // Portrait: the long side is the height.
        #expect(JPEGScale.smallest(covering: 2048, width: 4000, height: 6000) == JPEGScale(numerator: 3, denominator: 8))
        #expect(JPEGScale.smallest(covering: 2048, width: 3000, height: 2000) == JPEGScale(numerator: 6, denominator: 8))
        #expect(JPEGScale.smallest(covering: 2048, width: 16384, height: 100) == JPEGScale(numerator: 1, denominator: 8))
        #expect(JPEGScale.smallest(covering: 256, width: 3000, height: 2000) == JPEGScale(numerator: 1, denominator: 8))
    }

    @Test("a picture no longer than the stored size is decoded whole")
    func smallPicturesWhole() {
        #expect(JPEGScale.smallest(covering: 2048, width: 2048, height: 1000).scaled(2048) == 2048)
        #expect(JPEGScale.smallest(covering: 2048, width: 640, height: 480) == .full)
    }

    @Test("scaled sizes round up, as libjpeg's do")
    func roundsUp() {
        #expect(JPEGScale(numerator: 3, denominator: 8).scaled(6000) == 2250)
        #expect(JPEGScale(numerator: 3, denominator: 8).scaled(4001) == 1501)
        #expect(JPEGScale(numerator: 1, denominator: 8).scaled(1) == 1)
    }
}
