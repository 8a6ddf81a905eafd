-- An article's image in one language (issue 23): a banner whose picture carries words is drawn once per
-- language. Empty: the article's own image (articles.thumbnail) serves every language.
alter table article_texts add column thumbnail text not null default '';
