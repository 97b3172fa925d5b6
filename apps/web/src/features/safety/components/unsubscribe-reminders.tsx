import { Button } from '@/components/ui/button';
import { useUnsubscribe } from '../api/unsubscribe';
import { safetyMessages as text } from '../messages';

/**
 * The unsubscribe page of reminder mails: a button that posts the mail's signed token (the
 * page itself changes nothing, so a mail scanner that opens the link unsubscribes nobody).
 */
export function UnsubscribeReminders({
  token,
  classNames,
}: {
  token: string | null;
  classNames: { title: string; text: string };
}) {
  const unsubscribe = useUnsubscribe();
  if (!token) return <p className={classNames.text}>{text.unsubscribeBadLink}</p>;
  return (
    <>
      <h1 className={classNames.title}>{text.unsubscribeTitle}</h1>
      {unsubscribe.isSuccess ? (
        <p className={classNames.text} role="status" data-testid="unsubscribed">
          {unsubscribe.data.message}
        </p>
      ) : (
        <>
          <p className={classNames.text}>{text.unsubscribeIntro}</p>
          {unsubscribe.isError && (
            <p className={classNames.text} role="alert">
              {unsubscribe.error instanceof Error ? unsubscribe.error.message : text.unsubscribeBadLink}
            </p>
          )}
          <Button
            variant="ruby"
            size="lg"
            fullWidth
            isLoading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {text.unsubscribeButton}
          </Button>
        </>
      )}
    </>
  );
}
