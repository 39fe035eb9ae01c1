/// The feed page's content as its template reads it, without `Encodable`'s generic containers
/// (`TemplateValueConvertible`): the page every visit starts with.
extension FeedController.Content: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object([
            "q": q.templateValue, "heading": heading.templateValue, "chips": chips.templateValue,
            "filters": filters.templateValue, "category": category.templateValue, "view": view.templateValue,
            "listHref": listHref.templateValue, "gridHref": gridHref.templateValue, "listings": listings.templateValue,
            "summary": summary.templateValue, "moreHref": moreHref.templateValue, "suggestion": suggestion.templateValue,
            "clearHref": clearHref.templateValue, "errors": errors.templateValue, "saveSearch": saveSearch.templateValue,
        ])
    }
}

extension FeedController.Chip: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object(["label": label.templateValue, "href": href.templateValue, "selected": selected.templateValue])
    }
}

extension FeedController.Hidden: TemplateValueConvertible {
    var templateValue: TemplateValue { .object(["name": name.templateValue, "value": value.templateValue]) }
}
