import StressCore
import Testing

@Suite("Favorite rule")
struct FavoriteRuleTests {
    @Test("the first favorite is allowed when there are none yet")
    func firstFavorite() {
        #expect(FavoriteRule.canFavorite(currentFavoriteCount: 0, isAlreadyFavorite: false))
    }

    @Test("a favorite below the limit is allowed", arguments: [1, 2, 3])
    func belowLimit(count: Int) {
        #expect(FavoriteRule.canFavorite(currentFavoriteCount: count, isAlreadyFavorite: false))
    }

    @Test("a fifth favorite is refused")
    func fifthRefused() {
        #expect(!FavoriteRule.canFavorite(currentFavoriteCount: 4, isAlreadyFavorite: false))
    }

    @Test("beyond the limit stays refused", arguments: [5, 6, 100])
    func beyondLimit(count: Int) {
        #expect(!FavoriteRule.canFavorite(currentFavoriteCount: count, isAlreadyFavorite: false))
    }

    @Test("an existing favorite is allowed at the limit, so it can be unfavorited", arguments: [1, 3, 4, 5])
    func existingFavoriteAtLimit(count: Int) {
        #expect(FavoriteRule.canFavorite(currentFavoriteCount: count, isAlreadyFavorite: true))
    }

    @Test("the limit is four")
    func limitIsFour() {
        #expect(FavoriteRule.limit == 4)
        #expect(FavoriteRule.refusalReason.contains("4 favorites"))
    }
}
