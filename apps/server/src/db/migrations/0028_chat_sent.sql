-- One chat batcher per game (issue 42): the game's runner sends every chat batch and records
-- here the last seq it sent, so a runner taking over sends from there (chat/chat-feed.ts).
CREATE TABLE "chat_sent" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
-- The chats of games on air when this is deployed were sent by their processes: none again.
INSERT INTO "chat_sent" ("game_id", "seq") SELECT "game_id", "seq" FROM "chat_sequences";
