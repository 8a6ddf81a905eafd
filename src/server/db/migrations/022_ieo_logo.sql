-- The platform's IEO list shows each project's image (issue 20): a path on this site, such as
-- `/uploads/ieo-ton.svg`. Projects without one get a generated badge of their token at the next start
-- (src/server/modules/ieo/logo.ts), and so does each project `ieo-project-add` creates.
alter table ieo_projects add column logo text not null default '';
