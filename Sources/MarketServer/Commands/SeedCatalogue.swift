import Foundation
import MarketCore

/// Word lists for realistic seed listings: what students on a campus actually sell.
enum SeedCatalogue {
    struct Textbook {
        let title: String
        let author: String
        let department: String
    }

    static let textbooks: [Textbook] = [
        .init(title: "Calculus: Early Transcendentals", author: "James Stewart", department: "MATH"),
        .init(title: "Linear Algebra and Its Applications", author: "David Lay", department: "MATH"),
        .init(title: "Introduction to Algorithms", author: "Thomas Cormen", department: "CSE"),
        .init(title: "Computer Systems: A Programmer's Perspective", author: "Randal Bryant", department: "CSE"),
        .init(title: "Organic Chemistry", author: "Paula Bruice", department: "CHEM"),
        .init(title: "General Chemistry: Principles and Modern Applications", author: "Ralph Petrucci", department: "CHEM"),
        .init(title: "Campbell Biology", author: "Lisa Urry", department: "BIOL"),
        .init(title: "Principles of Economics", author: "Gregory Mankiw", department: "ECON"),
        .init(title: "Physics for Scientists and Engineers", author: "Raymond Serway", department: "PHYS"),
        .init(title: "University Physics", author: "Hugh Young", department: "PHYS"),
        .init(title: "Psychology", author: "David Myers", department: "PSYC"),
        .init(title: "Introduction to Probability", author: "Joseph Blitzstein", department: "STAT"),
        .init(title: "Statistics", author: "David Freedman", department: "STAT"),
        .init(title: "The Norton Anthology of English Literature", author: "Stephen Greenblatt", department: "ENGL"),
        .init(title: "A People's History of the United States", author: "Howard Zinn", department: "HIST"),
        .init(title: "Molecular Biology of the Cell", author: "Bruce Alberts", department: "BIOL"),
        .init(title: "Discrete Mathematics and Its Applications", author: "Kenneth Rosen", department: "MATH"),
        .init(title: "Operating System Concepts", author: "Abraham Silberschatz", department: "CSE"),
        .init(title: "Fundamentals of Electric Circuits", author: "Charles Alexander", department: "EE"),
        .init(title: "Engineering Mechanics: Statics", author: "Russell Hibbeler", department: "ME"),
        .init(title: "Financial Accounting", author: "Jerry Weygandt", department: "ACCT"),
        .init(title: "Marketing Management", author: "Philip Kotler", department: "MKTG"),
        .init(title: "Introduction to Sociology", author: "Anthony Giddens", department: "SOC"),
        .init(title: "Biochemistry", author: "Jeremy Berg", department: "BIOC"),
        .init(title: "Signals and Systems", author: "Alan Oppenheim", department: "EE"),
        .init(title: "Genki: An Integrated Course in Elementary Japanese", author: "Eri Banno", department: "JAPN"),
        .init(title: "Spanish for Beginners: Vistas", author: "José Blanco", department: "SPAN"),
        .init(title: "Human Anatomy and Physiology", author: "Elaine Marieb", department: "BIOL"),
    ]

    /// (category, item nouns, price range in cents) for everything that is not a textbook.
    static let goods: [(ListingCategory, [String], ClosedRange<Int>)] = [
        (.furniture, ["desk", "office chair", "bookshelf", "futon", "dresser", "nightstand", "floor lamp", "bean bag", "coffee table", "twin mattress", "standing desk", "sofa", "shoe rack", "mirror"], 1_000...25_000),
        (.electronics, ["laptop", "monitor", "graphing calculator", "headphones", "bluetooth speaker", "keyboard", "mouse", "tablet", "printer", "webcam", "phone charger", "external hard drive", "router", "camera"], 1_000...90_000),
        (.homeAppliances, ["mini fridge", "microwave", "electric kettle", "rice cooker", "coffee maker", "toaster", "air fryer", "desk fan", "space heater", "vacuum", "blender", "iron"], 1_000...15_000),
        (.sportingGoods, ["yoga mat", "dumbbells", "tennis racket", "basketball", "bike helmet", "soccer ball", "climbing shoes", "skateboard", "swim goggles", "resistance bands"], 500...12_000),
        (.outdoor, ["tent", "sleeping bag", "hiking backpack", "camping stove", "kayak paddle", "snowboard", "bicycle", "hammock", "cooler", "trekking poles"], 1_000...40_000),
        (.toys, ["board game", "jigsaw puzzle", "lego set", "card game", "chess set", "video game", "rubik's cube", "plush toy"], 300...6_000),
        (.clothing, ["winter coat", "rain jacket", "hoodie", "graduation gown", "hiking boots", "sneakers", "formal dress", "suit jacket", "backpack", "scarf"], 500...15_000),
        (.other, ["parking permit", "plant", "guitar", "keyboard piano", "art supplies", "poster", "umbrella", "storage bins", "lab coat", "safety goggles"], 300...20_000),
    ]

    static let adjectives = ["barely used", "like new", "gently used", "sturdy", "compact", "vintage", "lightweight", "foldable", "black", "white", "blue", "wooden", "adjustable", "large", "small", "classic"]
    /// Brands for electronics and appliances.
    static let brands = ["Dell", "Apple", "Samsung", "Logitech", "Sony", "Amazon Basics", "Hamilton Beach", "Texas Instruments", "HP", "Lenovo", "Bose", "Panasonic"]
    static let reasons = ["Moving out at the end of the quarter.", "Graduating and need it gone.", "Upgraded, so this one is spare.", "Used for one term only.", "Selling for a friend who left campus.", "Clearing out my dorm room."]
    static let details = ["Pickup near the library.", "Can meet at the student union.", "No scratches or stains.", "Smoke-free, pet-free room.", "Works perfectly.", "Some wear on the corners.", "Comes with the original box.", "Price is negotiable.", "Happy to trade for textbooks.", "Available weekday evenings."]
    static let terms = ["Fall 2025", "Winter 2026", "Spring 2026", "Summer 2026", "Fall 2026"]
    static let firstNames = ["Ada", "Grace", "Alan", "Maya", "Noah", "Liam", "Olivia", "Emma", "Ava", "Sofia", "Mateo", "Lucas", "Mia", "Aarav", "Wei", "Yuki", "Fatima", "Omar", "Chloe", "Ethan", "Zara", "Diego", "Priya", "Jonas"]
    static let lastNames = ["Lovelace", "Hopper", "Turing", "Nguyen", "Garcia", "Smith", "Kim", "Patel", "Chen", "Okafor", "Müller", "Rossi", "Silva", "Khan", "Tanaka", "Johnson", "Martin", "Novak", "Haddad", "Larsen"]
    static let campuses = ["uw.edu", "berkeley.edu", "umich.edu", "utexas.edu", "gatech.edu", "ucla.edu", "cornell.edu", "wisc.edu"]
}
