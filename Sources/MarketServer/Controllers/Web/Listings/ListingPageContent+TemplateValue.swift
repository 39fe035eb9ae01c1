/// The listing page's content as its template reads it, written without `Encodable`'s generic
/// containers (`TemplateValueConvertible`): the page most visits open, drawn once per view.
extension ListingPageContent: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object([
            "id": id.templateValue, "title": title.templateValue, "textLanguage": textLanguage.templateValue,
            "description": description.templateValue,
            "prices": prices.templateValue, "priceGuidance": priceGuidance.templateValue,
            "status": status.templateValue, "isActive": isActive.templateValue,
            "isFeatured": isFeatured.templateValue, "featuredUntil": featuredUntil.templateValue,
            "photos": photos.templateValue, "facts": facts.templateValue, "seller": seller.templateValue,
            "primaryAction": primaryAction.templateValue,
            "signedIn": signedIn.templateValue, "isOwner": isOwner.templateValue,
            "isSaved": isSaved.templateValue, "savedBy": savedBy.templateValue,
            "canBuy": canBuy.templateValue, "canRent": canRent.templateValue, "showsBookings": showsBookings.templateValue,
            "canTrade": canTrade.templateValue, "featureFee": featureFee.templateValue,
            "canCancelFeature": canCancelFeature.templateValue,
            "salePrice": salePrice.templateValue, "zoneFields": zoneFields.templateValue, "quote": quote.templateValue,
            "buyError": buyError.templateValue,
            "rentUnit": rentUnit.templateValue, "deposit": deposit.templateValue, "rentFields": rentFields.templateValue,
            "rentPreview": rentPreview.templateValue, "rentError": rentError.templateValue,
            "calendar": calendar.templateValue, "bookedPeriods": bookedPeriods.templateValue,
            "myListings": myListings.templateValue, "cashFields": cashFields.templateValue,
            "tradeError": tradeError.templateValue,
            "ownerError": ownerError.templateValue,
        ])
    }
}

extension ListingPageContent.Photo: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object(["image": image.templateValue, "counter": counter.templateValue])
    }
}

extension ListingPageContent.PrimaryAction: TemplateValueConvertible {
    var templateValue: TemplateValue { .object(["label": label.templateValue, "href": href.templateValue]) }
}

extension ListingPageContent.Fact: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object(["term": term.templateValue, "value": value.templateValue, "href": href.templateValue])
    }
}

extension ListingPageContent.Seller: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object([
            "id": id.templateValue, "name": name.templateValue, "campus": campus.templateValue,
            "verified": verified.templateValue, "rating": rating.templateValue, "memberSince": memberSince.templateValue,
            "activeListings": activeListings.templateValue, "contact": contact.templateValue,
            "latestReview": latestReview.templateValue,
        ])
    }
}

extension ListingPageContent.Check: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object(["id": id.templateValue, "title": title.templateValue, "checked": checked.templateValue])
    }
}

extension ListingPageContent.Quote: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object([
            "id": id.templateValue, "fee": fee.templateValue, "total": total.templateValue,
            "duration": duration.templateValue, "dropoff": dropoff.templateValue, "expires": expires.templateValue,
        ])
    }
}
