-- Saved withdrawal destinations under the platform's field names (issue 20): an address's QR code is
-- `qrcode`; a bank card's number is `bank_account`, its account number `iban`, its SWIFT code `bank_code`
-- and the cardholder's address `bank_dizhi`. The platform's domestic card also carries its Alipay and WeChat
-- accounts (its app sends them, empty). Withdrawals made before keep their `payee` as it was written.
alter table wallet_addresses rename column qr to qrcode;

alter table bank_cards rename column card_number to bank_account;
alter table bank_cards rename column account_number to iban;
alter table bank_cards rename column swift_code to bank_code;
alter table bank_cards rename column cardholder_address to bank_dizhi;
alter table bank_cards
  add column alipay_account text not null default '',
  add column wechat_account text not null default '',
  add column wechat_nickname text not null default '';
