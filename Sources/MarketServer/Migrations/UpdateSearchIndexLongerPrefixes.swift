/// SQLite: prefix indexes of 6, 7 and 8 characters beside those of 2 to 5, in the three FTS5
/// tables. A last word typed whole that the stemmer leaves as it is (`wooden`, `sturdy` as
/// `sturdi`, `compact`) is still asked as a prefix, and FTS5 answers a prefix of a length with no
/// index of its own by merging the postings of every word it starts into one list, on every
/// statement: `q=wooden` in notes (none there) took 13 ms at 1M listings, 9.5 ms with these.
/// The text index grew from 465 to 574 MB there; the tables are made anew and filled (about
/// 30 s each at 1M listings).
struct UpdateSearchIndexLongerPrefixes: SearchIndexPrefixMigration {
    static let index = SearchIndex(options: ", prefix='2 3 4 5 6 7 8'", facets: UpdateSearchIndexAddFacets.facets)
    static let previous = UpdateSearchIndexWiderPrefixes.index
}
