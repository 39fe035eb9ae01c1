/// SQLite: prefix indexes of 4 and 5 characters beside those of 2 and 3, in the three FTS5
/// tables. The last word a person types matches as a prefix, stemmed first (`camping` asks
/// `camp*`), and a prefix longer than any prefix index is answered by merging the postings of
/// every word it starts, across the whole index, on every statement that asks: `camp*` is 175k
/// listings at 1M (`campus` among them). Most stemmed words are 4 or 5 characters. Measured with
/// `sqlite3` at 1M listings, a page of `camping*` in textbooks: 10 ms → 0.26 ms; the index grew
/// from 355 to 503 MB. The tables are made anew and filled (about 20 s each at 1M listings).
struct UpdateSearchIndexWiderPrefixes: SearchIndexPrefixMigration {
    static let index = SearchIndex(options: ", prefix='2 3 4 5'", facets: UpdateSearchIndexAddFacets.facets)
    static let previous = UpdateSearchIndexAddFacets.index
}
