-- The demo rooms' pictures are sized WebP now (apps/web/scripts/make-room-images.mjs); the SVG
-- sources stay served, so this only moves existing demo rooms to the lighter files.
UPDATE "rooms" SET "image" = replace("image", '.svg', '.webp') WHERE "image" IN ('/rooms/ruby-rush.svg', '/rooms/gold-rush.svg', '/rooms/lucky-clover.svg');
