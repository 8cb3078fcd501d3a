import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showFlashToast, type FlashToast } from "~/components/toaster";

/** A progress-bar upload's success (`redirectAfterUpload`): where to go, and its toast. */
type UploadSuccess = { redirectTo?: string; toast?: FlashToast };

/**
 * With JavaScript, a form carrying files is sent by XMLHttpRequest so the page can show the
 * upload's progress. It goes to the upload's own resource route (`url`), which runs the page
 * action's upload step and answers JSON (header `X-Upload: progress`): on success the toast is
 * shown at once and the page moves on, otherwise `isAnswer` tells the page's own answer (field
 * errors) from a failure. Without JavaScript the same form is a plain multipart POST to the
 * page and nothing here runs. The pages check the chosen files before calling `send`.
 */
export function useUploadProgress<Answer extends object>(isAnswer: (body: Answer) => boolean) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState(false);

  /** An answer found in the browser (a file it can tell would be refused): nothing is sent. */
  function answerLocally(local: Answer | null) {
    setFailed(false);
    setAnswer(local);
  }

  function send(form: HTMLFormElement, data: FormData, url: string) {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("X-Upload", "progress");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      setProgress(null);
      const body = request.response as (Answer & UploadSuccess) | null;
      if (request.status < 300 && body?.redirectTo) {
        form.reset();
        setAnswer(null);
        if (body.toast) showFlashToast(body.toast, i18n.t(body.toast.message, body.toast.params));
        navigate(body.redirectTo);
      } else if (body && isAnswer(body)) setAnswer(body);
      else setFailed(true);
    };
    request.onerror = () => {
      setProgress(null);
      setFailed(true);
    };
    setFailed(false);
    setProgress(0);
    request.send(data);
  }

  return { progress, answer, failed, send, answerLocally };
}
