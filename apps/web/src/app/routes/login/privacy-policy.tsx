import styles from './login.module.css';

/** The privacy policy shown in place of the form area with `?privacy-policy=1`. */
export function PrivacyPolicy({ titleId }: { titleId: string }) {
  return (
    <article className={styles.policy}>
      <h2 id={titleId} className={styles.formTitle}>
        Privacy Policy
      </h2>
      <p className={styles.policyDate}>Last updated: 1 January 2026</p>

      <h3>Who we are</h3>
      <p>
        Ruthless runs free test shows of a live bingo game show. We are responsible for the personal data
        described here. No money is taken and no prizes are paid, so we never ask for payment details.
      </p>

      <h3>What we collect</h3>
      <ul>
        <li>
          Your account: email address, first and last name if you give them, and a password we store only as a
          secure hash. If you sign in with Google we receive your name and email from Google.
        </li>
        <li>
          Your profile: chat name, phone number, date of birth, your default share-or-steal choice and whether
          you agreed to marketing messages.
        </li>
        <li>
          Your play: the tickets you claim, your choices in the final, your results and your chat messages.
        </li>
        <li>
          Technical data: your IP address, browser type and server logs, kept to run and protect the service.
        </li>
      </ul>

      <h3>Why we use it</h3>
      <p>
        To run your account and the shows (our contract with you), to check that players are 18 or over, to
        keep chat safe and prevent abuse (our legitimate interests), and, only if you opt in, to tell you
        about new shows by email or text (your consent, which you can withdraw at any time).
      </p>

      <h3>Who we share it with</h3>
      <p>
        We do not sell your data. Your chat name and messages are visible to other players in the same show.
        We use hosting and email providers who process data on our behalf under contract, and Google only if
        you choose to sign in with Google.
      </p>

      <h3>How long we keep it</h3>
      <p>
        Account and profile data for as long as your account is open. Game results and chat messages for 12
        months after the show. Server logs for 30 days. When you close your account we delete or anonymise
        your data within 30 days.
      </p>

      <h3>Cookies and storage</h3>
      <p>
        We use only what the app needs to work: a session cookie that keeps you signed in and a setting on
        your device that remembers whether sound is muted. No advertising or tracking cookies.
      </p>

      <h3>Your rights</h3>
      <p>
        You can ask to see, correct, export or delete your data, object to how we use it, or withdraw consent.
        Reply to any email we have sent you, or write from the address on your account, and we will answer
        within one month. If you are unhappy with our answer you can complain to the Information
        Commissioner's Office (ico.org.uk).
      </p>
    </article>
  );
}
