-- The chat names' look-alike skeleton folds more (issue 40: accents, spaces and blanks inside,
-- small capitals, vv for w; profile/alias-skeleton.ts). Skeletons are computed in TypeScript only:
-- clearing them makes the next start-up compute every one again (fillAliasSkeletons).
UPDATE "player_profiles" SET "alias_skeleton" = NULL WHERE "alias_skeleton" IS NOT NULL;
