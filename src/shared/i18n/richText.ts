/** Tags a rich-text message may use (ICU tags carry no attributes); the html section draws them as HTML. */
export const RICH_TEXT_TAGS = ['b', 'strong', 'i', 'em', 'u', 'small', 'p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'br'] as const;
