-- The platform's accounts and content (issue 20).
--
-- Identity verification: one `name` (SPEC 3: "name (first and last name)") instead of first_name and
-- last_name; a submission made before keeps its name, the two joined. The address of Lv1 and the hand-held
-- photo of Lv2 are required by the forms (schemas/kyc-basic.json, kyc-advanced.json), not by the table:
-- an operator may drop them from the forms, as the platform's app does not send them.
alter table identity_submissions add column name text not null default '';
update identity_submissions set name = btrim(first_name || ' ' || last_name) where level = 1;
-- Dropping the columns drops the checks that name them (those of each level's fields), added again below.
alter table identity_submissions drop column first_name, drop column last_name;
alter table identity_submissions add constraint identity_submissions_lv1_fields
  check (level <> 1 or (id_type <> '' and name <> '' and card_id <> '' and front_pic = '' and reverse_pic = '' and hand_pic = ''));
alter table identity_submissions add constraint identity_submissions_lv2_fields
  check (level <> 2 or (id_type = '' and name = '' and card_id = '' and address = '' and front_pic <> '' and reverse_pic <> ''));

-- The service menu's rows about the customer's money, which the platform's financial page lists.
alter table menu_items add column is_financial boolean not null default false;
update menu_items set is_financial = true where key in ('mine.menu.wallet', 'mine.menu.bank', 'mine.menu.coupon');

-- The Android download's setting under the platform's name.
update settings set keyword = 'apk_download_url'
where keyword = 'download_android'
  and not exists (select 1 from settings as s where s.keyword = 'apk_download_url' and s.lang = settings.lang);
delete from settings where keyword = 'download_android';
